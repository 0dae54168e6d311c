#!/usr/bin/env bash
# Builds the CheckerBoard engines for Windows (tempo64.dll for the 64-bit CheckerBoard, tempo.dll
# for the 32-bit one) with mingw-w64 and zips them with their help page:
#   bash scripts/package-windows.sh         -> build/tempo-checkerboard-<version>.zip
# Needs Debian's g++-mingw-w64-x86-64-posix and g++-mingw-w64-i686-posix. JOBS=1 builds on one core.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=${JOBS:-2}

for arch in x86_64 i686; do
    cmake --preset "mingw-w64-$arch" --log-level=WARNING
    cmake --build --preset "mingw-w64-$arch" -j "$jobs" --target tempo_cb
done
version=$(sed -n 's/^project(tempo VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
stage=build/package/tempo-checkerboard-$version
rm -rf build/package
mkdir -p "$stage"
cp build/mingw-w64-x86_64/checkerboard/tempo64.dll build/mingw-w64-i686/checkerboard/tempo.dll \
   checkerboard/tempo_help.htm "$stage/"
zipfile=$PWD/build/tempo-checkerboard-$version.zip
rm -f "$zipfile"
if command -v zip >/dev/null; then
    (cd "$stage" && zip -q -j "$zipfile" tempo64.dll tempo.dll tempo_help.htm)
else
    (cd "$stage" && python3 -m zipfile -c "$zipfile" tempo64.dll tempo.dll tempo_help.htm)
fi
echo "$zipfile: copy tempo64.dll (or tempo.dll) and tempo_help.htm into CheckerBoard's engines folder"
