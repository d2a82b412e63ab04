#!/usr/bin/env bash
# Fails if any C++ file in the repository is not formatted per .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.hpp' '*.h')
clang-format --dry-run -Werror $files
echo "clang-format: $(echo "$files" | wc -w) files clean"
