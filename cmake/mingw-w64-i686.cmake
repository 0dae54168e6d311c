# Cross-compiling the CheckerBoard DLL for Windows (i686) with Debian's mingw-w64
# (apt-get install g++-mingw-w64-i686). The -posix compiler: std::thread needs it.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_CXX_COMPILER i686-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER i686-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/i686-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# GCC does not keep the Windows stack 32-byte aligned for spilled AVX registers (GCC bug 54412),
# so the assembler writes every aligned vector move as an unaligned one (the NNUE's AVX2 code).
set(CMAKE_CXX_FLAGS_INIT "-Wa,-muse-unaligned-vector-move")
