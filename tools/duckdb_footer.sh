#!/bin/sh
# tools/duckdb_footer.sh LIB PLATFORM CAPI_VERSION EXT_VERSION OUT
#
# Write OUT: the shared library LIB followed by the 534-byte metadata footer
# that DuckDB reads from the end of a file before it loads it as an
# extension (the layout of duckdb/extension-ci-tools'
# append_extension_metadata step):
#   22 bytes  a WebAssembly custom section header, so that a Wasm build
#             stays a valid module: 0x00 (custom section), 531 as LEB128
#             (0x93 0x04: what follows), 16 (the name's length),
#             "duckdb_signature", 512 as LEB128 (0x80 0x04)
#   8 x 32    NUL-padded ASCII fields, read from the end backwards:
#             field 1 (last) "4", the magic value of a DuckDB extension;
#             2 the platform (linux_amd64); 3 the DuckDB version, or for
#             ABI C_STRUCT the C API version it was built for (v1.2.0);
#             4 the extension's version; 5 the ABI type, C_STRUCT;
#             6, 7, 8 unused
#   256       the signature: zeros, an unsigned extension (DuckDB loads it
#             only with SET allow_unsigned_extensions = true)
set -eu
[ $# -eq 5 ] || { echo "usage: $0 LIB PLATFORM CAPI_VERSION EXT_VERSION OUT" >&2; exit 2; }
lib=$1 platform=$2 capi=$3 version=$4 out=$5

# One field: the ASCII value, NUL-padded to 32 bytes.
field() {
  [ ${#1} -le 32 ] || { echo "$0: field '$1' is longer than 32 bytes" >&2; exit 1; }
  printf '%s' "$1"
  head -c $((32 - ${#1})) /dev/zero
}

tmp=$out.tmp
cp "$lib" "$tmp"
{
  printf '\000\223\004\020duckdb_signature\200\004'
  field ''; field ''; field ''
  field C_STRUCT
  field "$version"
  field "$capi"
  field "$platform"
  field 4
  head -c 256 /dev/zero
} >> "$tmp"
size_lib=$(wc -c < "$lib")
size_out=$(wc -c < "$tmp")
[ $((size_out - size_lib)) -eq 534 ] || { echo "$0: footer is not 534 bytes" >&2; rm -f "$tmp"; exit 1; }
mv "$tmp" "$out"
