// tools/aeskit/key_text.hpp — the text of a key file (or of the key environment variable of
// seal/open) turned into the key: load_key_file's rule without the I/O (cli_files.hpp); and
// `aeskit enc -K`'s hex key. Both in constant time in the key's characters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aeskit::cli {

// kKeyFileReadLimit: load_key_file reads at most this many bytes of a key file.
inline constexpr std::size_t kKeyFileReadLimit = 4096;

// parse_key_text: load_key_file's rule applied to the bytes read from the key file `name`
// (named in the message): the key, or nullopt with the reason in `error` (which never starts
// with "cannot": the file was read, its content is wrong). No I/O.
// With raw == false the text holds the key as hex: one run of 32 or 64 hex digits (either
// case), optionally surrounded by whitespace; anything else is refused, never guessed, with
// one of three reasons: a character that is neither a hex digit nor whitespace, digits split
// by whitespace, or a digit count other than 32 or 64. With raw == true the bytes are the key:
// exactly 16 or 32 of them.
std::optional<std::vector<std::uint8_t>> parse_key_text(std::span<const std::uint8_t> bytes,
                                                        bool raw, const std::string& name,
                                                        std::string& error);

// parse_hex_key: parse_hex's rule (cli_files.hpp: strict hex, either case, no separators, an
// even number of digits) for a secret, `aeskit enc -K`'s key: the bytes, or nullopt for an
// odd length or any character that is not a hex digit. Same results as parse_hex, but in
// constant time in the characters (only the length and the verdict are public).
std::optional<std::vector<std::uint8_t>> parse_hex_key(std::string_view hex);

}  // namespace aeskit::cli
