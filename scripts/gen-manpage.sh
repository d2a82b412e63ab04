#!/usr/bin/env bash
# gen-manpage.sh — docs/aeskit.1.md to a man page (roff), with pandoc.
#
#   scripts/gen-manpage.sh IN.md OUT.1 VERSION
#
# The Markdown page starts with "# NAME(SECTION) — summary"; the rest are "##" sections. That
# first line becomes the man page's NAME section ("aeskit \- summary") and its .TH header; the
# "##" sections become .SH sections (headings shifted up one level). The date is taken from
# SOURCE_DATE_EPOCH when set (reproducible packages), else today.
set -euo pipefail
in=$1
out=$2
version=$3
command -v pandoc >/dev/null || { echo "gen-manpage: pandoc not found (apt-get install pandoc)" >&2; exit 1; }

first=$(head -n1 "$in")
# "# aeskit(1) — AES toolkit: ..." -> name "aeskit", section "1", summary "AES toolkit: ..."
re='^# ([A-Za-z0-9_.-]+)\(([0-9a-z]+)\) — (.*)$'
if [[ ! $first =~ $re ]]; then
  echo "gen-manpage: $in: first line must be '# name(section) — summary'" >&2
  exit 1
fi
name=${BASH_REMATCH[1]}
section=${BASH_REMATCH[2]}
summary=${BASH_REMATCH[3]}
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)

{
  printf '## NAME\n\n%s - %s\n\n' "$name" "$summary"
  tail -n +2 "$in"
} | pandoc --from markdown --to man --standalone --shift-heading-level-by=-1 \
      --metadata title="${name^^}" --metadata section="$section" \
      --metadata header="aeskit manual" --metadata footer="aeskit $version" \
      --metadata date="$date" --output "$out"
