// libFuzzer target: protocol::parse must accept any bytes without crashing, hanging or reading
// out of bounds, and every refusal must carry a message.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "protocol/command.hpp"
#include "protocol/options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const auto c = tempo::protocol::parse(line);
    if (!c) return 0;
    if (const auto* bad = std::get_if<tempo::protocol::Invalid>(&*c); bad && bad->message.empty()) std::abort();
    // The option table is the next consumer of untrusted words: feed it too.
    if (const auto* s = std::get_if<tempo::protocol::SetOption>(&*c)) {
        tempo::protocol::Options o;
        (void)tempo::protocol::set_option(o, s->name, s->value);
    }
    return 0;
}
