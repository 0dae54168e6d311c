#!/usr/bin/env bash
# Builds the CheckerBoard DLLs for Windows with mingw-w64 and checks them:
#   1. both DLLs (tempo64.dll, tempo.dll) export exactly getmove, enginecommand and islegal,
#      undecorated (x86_64-w64-mingw32-objdump -p / i686-w64-mingw32-objdump -p);
#   2. neither needs a MinGW runtime DLL (libstdc++, libgcc, libwinpthread): linked statically;
#   3. under Wine (64-bit), tests/wine/cb_host.exe loads tempo64.dll with LoadLibrary and
#      GetProcAddress and plays one game through getmove.
# Needs Debian's g++-mingw-w64-x86-64-posix, g++-mingw-w64-i686-posix and, for step 3, wine64.
# Exits 0 when all passed, 1 on a failure, 77 when Wine is missing (steps 1-2 done and passed).
#   bash scripts/test-windows.sh            JOBS=1 bash scripts/test-windows.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=${JOBS:-2}

for tool in x86_64-w64-mingw32-g++-posix i686-w64-mingw32-g++-posix x86_64-w64-mingw32-objdump i686-w64-mingw32-objdump; do
    if ! command -v "$tool" >/dev/null; then
        echo "scripts/test-windows.sh: $tool is missing; as root:" >&2
        echo "  apt-get install g++-mingw-w64-x86-64-posix g++-mingw-w64-i686-posix" >&2
        exit 1
    fi
done

failed=0
for arch in x86_64 i686; do
    preset=mingw-w64-$arch
    dll=build/$preset/checkerboard/$([[ $arch == x86_64 ]] && echo tempo64.dll || echo tempo.dll)
    echo "== $preset: configure, build"
    cmake --preset "$preset" --log-level=WARNING
    cmake --build --preset "$preset" -j "$jobs"
    echo "== $dll: exports"
    exports=$("$arch-w64-mingw32-objdump" -p "$dll" |
        awk '/\[Ordinal\/Name Pointer\] Table/ {on = 1; next} on && /^[ \t]*\[/ {print $NF; next} on {on = 0}' |
        sort | tr '\n' ' ')
    echo "   $exports"
    if [[ $exports != "enginecommand getmove islegal " ]]; then
        echo "FAILED: $dll must export exactly enginecommand, getmove, islegal (undecorated)" >&2
        failed=1
    fi
    imports=$("$arch-w64-mingw32-objdump" -p "$dll" | awk '/DLL Name:/ {print $3}' | sort | tr '\n' ' ')
    echo "   imports: $imports"
    if grep -qiE 'libstdc|libgcc|libwinpthread' <<<"$imports"; then
        echo "FAILED: $dll needs a MinGW runtime DLL" >&2
        failed=1
    fi
done
((failed == 0)) || exit 1

wine=$(command -v wine64 || { [[ -x /usr/lib/wine/wine64 ]] && echo /usr/lib/wine/wine64; } || command -v wine || true)
if [[ -z $wine ]]; then
    echo "scripts/test-windows.sh: Wine is not installed (apt-get install wine64): the game under Wine was not played" >&2
    exit 77
fi
echo "== Wine: tests/wine/cb_host.exe against tempo64.dll"
export WINEDEBUG=-all WINEPREFIX=${WINEPREFIX:-$PWD/build/wineprefix}
dir=build/mingw-w64-x86_64/checkerboard
"$wine" "$dir/tempo_cb_host.exe" "$dir/tempo64.dll"
