# Shared by scripts/run and scripts/test: install what is missing, configure, build.
# Sourced, not run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="$(nproc 2>/dev/null || echo 2)"

# Debian 12 packages the build and the tests need.
PACKAGES=(
  build-essential cmake g++ pkg-config ninja-build
  catch2 libcli11-dev nlohmann-json3-dev libfmt-dev
  libprotobuf-dev protobuf-compiler libsqlite3-dev
  libdds-dev
  libimgui-dev libglfw3-dev libgl-dev libstb-dev fonts-dejavu-core
  xvfb xauth libgl1-mesa-dri libglx-mesa0
  clang libclang-rt-14-dev llvm
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> installing: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  # New build trees use Ninja, which keeps both cores busy where make waits for a library to
  # be linked before compiling what uses it; a tree made before keeps its generator.
  if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null; then
    export CMAKE_GENERATOR=Ninja
  fi
}

# configure DIR [cmake args...]
# Optimised as RelWithDebInfo is (-O2) but without debug information, which takes a third of
# the compile time; a debugging session configures its own tree.
configure() {
  local dir="$1"; shift
  cmake -S "$ROOT" -B "$ROOT/$dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" "$@" >/dev/null
}

# build DIR [cmake args...]: configures DIR and builds everything in it.
build() {
  configure "$@"
  cmake --build "$ROOT/$1" -j "$JOBS"
}
