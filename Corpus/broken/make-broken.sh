#!/usr/bin/env bash
# Writes every file in Corpus/broken/ from scratch, byte for byte.
#
# Each file is built from small MessagePack or JSON pieces with printf, so the faults are exact and
# reproducible without any encoder. README.md beside this script says what is wrong with each file
# and where a reader should report it. Run it from anywhere; it writes next to itself.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")"

# --- MessagePack pieces ----------------------------------------------------------------------------

# hex "91 a2 ..." writes the bytes named by pairs of hex digits.
hex() {
  local escaped
  escaped=$(printf '%s' "$*" | tr -d ' \n' | sed 's/\(..\)/\\x\1/g')
  printf '%b' "$escaped"
}

# str TEXT writes a fixstr (TEXT must be ASCII and shorter than 32 bytes).
str() {
  local text=$1
  (( ${#text} < 32 )) || { echo "str: '$text' is too long for a fixstr" >&2; exit 1; }
  hex "$(printf '%02x' $((0xa0 + ${#text})))"
  printf '%s' "$text"
}

# fixmap N / fixarray N write a map or array head for N < 16 entries.
fixmap() { hex "$(printf '%02x' $((0x80 + $1)))"; }
fixarray() { hex "$(printf '%02x' $((0x90 + $1)))"; }

# pose [TRANSLATE_BYTES] writes the five animatable values: scale 1, rotate 0, rotateCenter 0,
# opacity 1, and translate [0, 0] unless the two numbers' MessagePack bytes are given.
pose() {
  fixmap 5
  str scale; hex 01
  str translate; fixarray 2; hex "${1:-00 00}"
  str rotate; hex 00
  str rotateCenter; hex 00
  str opacity; hex 01
}

# keyframe ID DURATION_BYTES TRANSLATE_BYTES writes a keyframe from raw MessagePack bytes.
keyframe() {
  fixmap 3
  str id; hex d9 24; printf '%s' "$1"   # a UUID is 36 bytes: str8
  str duration; hex "$2"
  str values; pose "$3"
}

# Float64 encodings of the translations in the spec's first example.
readonly MINUS_0_648="cb bf e4 bc 6a 7e f9 db 23"
readonly MINUS_0_003="cb bf 68 93 74 bc 6a 7e fa"
readonly PLUS_0_008="cb 3f 80 62 4d d2 f1 a9 fc"
readonly MINUS_0_012="cb bf 88 93 74 bc 6a 7e fa"


# card0 SECOND_DURATION_BYTES writes the animation object of the spec's first example, in the
# canonical encoding (smallest forms, keys in the spec's order); with 03 it is exactly that example.
card0() {
  fixmap 4
  str id; str card0
  str invokeType; str trigger
  str initialValues; pose
  str keyframes; fixarray 2
  keyframe 1A9DA10A-9E90-49B6-943B-D10756FA3C2C 00 "$MINUS_0_648 $MINUS_0_003"
  keyframe F5F9E292-E987-442C-89CC-C2CB09B56971 "$1" "$PLUS_0_008 $MINUS_0_012"
}

# { "id": ... } as the start of a one-animation file: 91 81 a2 69 64, then the id's bytes.
id_prefix() { fixarray 1; fixmap 1; str id; }

# --- MessagePack faults ----------------------------------------------------------------------------

# The array head promises three animations; the file ends after the first.
{ fixarray 3; card0 03; } > truncated-array.inertia

# A str8 head says 200 bytes follow; four do.
{ id_prefix; hex d9 c8; printf 'card'; } > truncated-str8.inertia

# One byte short, where the shortfall is no larger than the length field itself: a reader that
# measures what is left from before the length field lets these through and reads past the end.
{ id_prefix; hex d9 05; printf 'card'; } > str8-one-byte-short.inertia
{ id_prefix; hex db 00 00 00 08; printf 'card'; } > str32-four-bytes-short.inertia
{ id_prefix; hex c4 05; printf 'card'; } > bin8-one-byte-short.inertia
{ id_prefix; hex c7 05 01; printf 'card'; } > ext8-one-byte-short.inertia

# A float64 head with only three of its eight bytes.
{ fixarray 1; fixmap 1; str duration; hex cb 40 08 00; } > truncated-float64.inertia

# A map that promises one entry: the key is there, its value is not.
{ id_prefix; } > missing-map-value.inertia

# 0xc1 is the one format byte MessagePack never uses.
{ id_prefix; hex c1; } > reserved-byte-c1.inertia

# "card" then 0xc3 0x28: a two-byte lead followed by "(" instead of a continuation byte.
{ id_prefix; hex a6; printf 'card'; hex c3 28; } > invalid-utf8-string.inertia

# ED A0 80 is U+D800 written as if it were a scalar value: a UTF-16 surrogate, never valid UTF-8.
{ id_prefix; hex a7; printf 'card'; hex ed a0 80; } > invalid-utf8-surrogate.inertia

# The key "i\xff" instead of "id".
{ fixarray 1; fixmap 1; hex a2 69 ff; str card0; } > invalid-utf8-key.inertia

# A valid one-animation file followed by a newline, as a text editor might append.
{ fixarray 1; card0 03; printf '\n'; } > trailing-bytes.inertia

# Ten bytes whose array32 head claims 4294967295 elements.
{ hex dd ff ff ff ff; hex c0 c0 c0 c0 c0; } > huge-length-prefix.inertia

# Ten bytes whose str32 head claims a 4294967295-byte id.
{ id_prefix; hex db ff ff ff ff; } > huge-length-prefix-str32.inertia

# 100000 one-element arrays, each inside the previous, around a nil.
{ head -c 100000 /dev/zero | tr '\0' '\221'; hex c0; } > deep-nesting.inertia

# The spec's first example with the second keyframe's duration a float64 quiet NaN. Valid MessagePack;
# JSON has no way to write it.
{ fixarray 1; card0 "cb 7f f8 00 00 00 00 00 00"; } > nan-duration.inertia

# The id is bin8 rather than a string.
{ id_prefix; hex c4 05; printf 'card0'; } > bin-value.inertia

# The id is an ext8 value of application type 1 rather than a string.
{ id_prefix; hex c7 05 01; printf 'card0'; } > ext-value.inertia

# A map with the integer key 1 after its "id" entry.
{ fixarray 1; fixmap 2; str id; str card0; hex 01; str trigger; } > non-string-key.inertia

# Nothing at all.
: > empty-file.inertia

# --- JSON faults -----------------------------------------------------------------------------------

# The spec's first example, pretty-printed as the spec shows it.
card0_json() {
  cat <<'JSON'
[
  {
    "id": "card0",
    "invokeType": "trigger",
    "initialValues": {
      "scale": 1,
      "translate": [0, 0],
      "rotate": 0,
      "rotateCenter": 0,
      "opacity": 1
    },
    "keyframes": [
      {
        "id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C",
        "duration": 0,
        "values": {
          "scale": 1,
          "translate": [-0.648, -0.003],
          "rotate": 0,
          "rotateCenter": 0,
          "opacity": 1
        }
      },
      {
        "id": "F5F9E292-E987-442C-89CC-C2CB09B56971",
        "duration": 3,
        "values": {
          "scale": 1,
          "translate": [0.008, -0.012],
          "rotate": 0,
          "rotateCenter": 0,
          "opacity": 1
        }
      }
    ]
  }
]
JSON
}

# edit FILE SED_SCRIPT writes the example with one sed edit, and stops if the edit matched nothing.
edit() {
  card0_json | sed "$2" > "$1"
  if card0_json | cmp -s - "$1"; then
    echo "make-broken.sh: the edit for $1 changed nothing" >&2
    exit 1
  fi
}

# Line 4 loses its comma.
edit missing-comma.json '4s/"trigger",/"trigger"/'

# A comma after the last entry of initialValues.
edit trailing-comma.json '10s/"opacity": 1/"opacity": 1,/'

# The first keyframe's id is an unpaired high surrogate.
edit lone-surrogate.json '14s/"1A9DA10A-9E90-49B6-943B-D10756FA3C2C"/"\\ud800"/'

# A second document after the array.
{ card0_json; printf '{"id": "card1"}\n'; } > trailing-text.json

# One past the largest 64-bit unsigned integer.
edit integer-too-large.json '8s/"rotate": 0/"rotate": 18446744073709551616/'

# A 10000-digit whole number.
edit number-10000-digits.json "26s/\"duration\": 3/\"duration\": 1$(printf '%09999d' 0)/"

# 100000 nested arrays.
{ head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; printf '\n'; } > deep-nesting.json

# The id "card0" with a 0xff byte in place of the "0".
edit invalid-utf8.json "3s/\"card0\"/\"card$(printf '\377')\"/"

# The file stops inside the first keyframe's id, after "1A9DA10A.
card0_json | head -n 13 > unterminated-string.json
printf '        "id": "1A9DA10A' >> unterminated-string.json

# NaN is a JavaScript literal, not JSON.
edit nan-literal.json '26s/"duration": 3/"duration": NaN/'
