// Where this library's files are: its own folder (CheckerBoard runs with its own folder as the
// working directory, not the engine's, so a file "beside the engine" must be found from the
// library's path), and the opening book compiled into it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

namespace tempo::cb {

// The folder of the loaded library (empty if the system cannot tell).
std::filesystem::path module_directory();

// book/tempo.book, as compiled into the library (checkerboard/CMakeLists.txt).
std::span<const std::uint8_t> embedded_book();

}  // namespace tempo::cb
