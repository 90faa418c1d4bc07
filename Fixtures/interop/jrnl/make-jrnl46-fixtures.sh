#!/bin/sh
# How jrnl46-journal.txt and jrnl46-export.json were made: by jrnl 4.6 itself, so that the
# tests compare `diary import --from jrnl` with what jrnl reads from its own file. The tests
# never run this (jrnl need not be installed); run it by hand to remake the two files:
#   python3 -m venv /tmp/jrnlenv && /tmp/jrnlenv/bin/pip install jrnl==4.6
#   Fixtures/interop/jrnl/make-jrnl46-fixtures.sh /tmp/jrnlenv/bin/jrnl
# The journal has: #tags and @tags (jrnl's default tag symbols are #@), two identical entries
# (same minute, same text), a starred entry, a title with ". " inside it, and as the last entry
# one line holding two sentences (joined by an editing step, as a user editing would do).
set -eu
jrnl=${1:-jrnl}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
config() {
    cat <<YAML
colors: {body: none, date: none, tags: none, title: none}
default_hour: 9
default_minute: 0
editor: '$1'
encrypt: false
highlight: false
indent_character: '|'
journals: {default: {journal: $work/journal.txt}}
linewrap: 79
tagsymbols: '#@'
template: false
timeformat: '%Y-%m-%d %H:%M'
version: v4.6
YAML
}
config '' > "$work/plain.yaml"
cat > "$work/join-last.sh" <<'SH'
#!/bin/sh
python3 -c 'import sys; p = sys.argv[1]; t = open(p).read().replace("Met Mr.\nSmith", "Met Mr. Smith"); open(p, "w").write(t)' "$1"
SH
chmod +x "$work/join-last.sh"
config "$work/join-last.sh" > "$work/edit.yaml"
j() { "$jrnl" --config-file "$work/plain.yaml" "$@" >/dev/null 2>&1; }
j "2026-11-27 09:00: Kickoff with #Alice and @bob. Lots to do at #work."
j "2026-11-28 12:00: Lunch at the canteen."
j "2026-11-28 12:00: Lunch at the canteen."
j "2026-11-28 18:30: Best day of my life! #joy *"
printf '2026-11-29 08:00: Dr. Who called at 8 a.m. and left a message. He will call again.\nNothing else today, #work aside.' | j
printf '2026-11-30 21:15: Met Mr. Smith at the station. He says hi to #Anna.\n' | j
"$jrnl" --config-file "$work/edit.yaml" -n 1 --edit >/dev/null 2>&1
cp "$work/journal.txt" "$here/jrnl46-journal.txt"
"$jrnl" --config-file "$work/plain.yaml" --export json 2>/dev/null > "$here/jrnl46-export.json"
