// tools/aeskit/cmd_enc.cpp — `aeskit enc` and `aeskit dec`: raw modes with a hex key and IV or
// nonce, like `openssl enc -K … -iv …`. Every block mode the library has (ECB and CBC with
// PKCS#7 padding unless --nopad; CTR as OpenSSL's full 128-bit counter, CTR32, CFB, CFB8, OFB)
// streams through aeskit::Cipher; XTS treats the whole input as one data unit with the IV as
// tweak; HCTR2 treats the whole input as one wide block under --tweak; every AEAD in
// aeskit::aead::algorithms() reads the whole input, and writes ciphertext || tag (enc) or — only
// after the tag verified — the plaintext (dec).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "cli_files.hpp"
#include "cmd_enc_aead.hpp"
#include "commands.hpp"
#include "key_text.hpp"

namespace aeskit::cli {
namespace {

constexpr const char* kHelpText =
    "usage: aeskit %s -a ALGORITHM -K HEXKEY [--iv HEX | --nonce HEX | --tweak HEX]\n"
    "                  [--aad HEX] [--nopad] [-o OUT] [--] [IN]\n"
    "\n"
    "%s IN (default: stdin) to OUT (default: stdout) with a raw AES mode or AEAD, with the\n"
    "key and IV given in hex, like `openssl enc -K ... -iv ...` (no salt, no header, no key\n"
    "derivation). For files you keep, prefer `aeskit seal`/`aeskit open`.\n"
    "\n"
    "  -a, --algorithm NAME  see --list; e.g. aes-128-cbc, aes-256-ctr, aes-128-gcm\n"
    "  -K, --key HEX         the key: 16/24/32 bytes (XTS: 32 or 64, two AES keys)\n"
    "      --iv HEX          16-byte IV (CBC, CTR counter block, CFB, OFB; XTS tweak)\n"
    "      --nonce HEX       AEAD nonce (--iv is accepted too)\n"
    "      --tweak HEX       HCTR2 tweak, any length (default: empty); XTS: as --iv\n"
    "      --aad HEX         AEAD associated data (default: none)\n"
    "      --nopad           ECB/CBC without PKCS#7 padding (input a multiple of 16 bytes)\n"
    "  -o, --output FILE     write to FILE, which appears only on success (default: stdout)\n"
    "      --list            list the algorithm names\n"
    "\n"
    "AEADs write ciphertext || tag. GCM streams any size in bounded memory; its `dec` keeps the\n"
    "unverified plaintext in an unnamed file and releases it (to OUT or stdout) only once the\n"
    "tag verified. The other AEADs hold the message in memory: at most 64 MiB. XTS encrypts\n"
    "the input as one data unit: 16 bytes to 16 MiB (16777216 bytes, IEEE 1619's limit).\n"
    "HCTR2 (aes-<128|192|256>-hctr2) encrypts the input as one wide block, 16 bytes to 64 MiB,\n"
    "the output as long as the input; like XTS it does not authenticate.\n"
    "ECB/CBC/CTR/CFB/OFB do NOT authenticate: `dec` output may be garbage or\n"
    "attacker-chosen without any error.\n"
    "Exit status: 0 ok, 2 usage error (bad key/IV/nonce/AD length, unknown algorithm, input\n"
    "over the size limits above), 3 I/O error (with its reason; also \"input file is output\n"
    "file\"), 6 authentication or padding failure, 130 interrupted by\n"
    "SIGINT/SIGTERM. -o FILE keeps an existing file's mode and owner (see man aeskit);\n"
    "a new file from dec gets 0600, from enc 0666 (minus the umask). Any signal that ends the\n"
    "run removes the unfinished FILE.\n";

struct Algorithm {
  enum class Kind { mode, xts, hctr2, aead } kind = Kind::mode;
  Mode mode = Mode::cbc;
  std::size_t key_bytes = 16;
  const AeadAlgorithm* aead = nullptr;
};

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return r;
}

std::optional<Algorithm> find_algorithm(std::string_view name) {
  if (const AeadAlgorithm* a = aead::find(name)) {
    Algorithm r;
    r.kind = Algorithm::Kind::aead;
    r.aead = a;
    r.key_bytes = a->key_length();
    return r;
  }
  const std::string n = lower(name);
  for (std::size_t bits : {128, 192, 256}) {
    const std::string prefix = "aes-" + std::to_string(bits) + "-";
    if (n.rfind(prefix, 0) != 0) continue;
    const std::string m = n.substr(prefix.size());
    Algorithm r;
    r.key_bytes = bits / 8;
    if (m == "xts" && bits != 192) {
      r.kind = Algorithm::Kind::xts;
      r.key_bytes = bits / 4;
      return r;
    }
    if (m == "hctr2") {
      r.kind = Algorithm::Kind::hctr2;
      return r;
    }
    for (Mode mode :
         {Mode::ecb, Mode::cbc, Mode::ctr128, Mode::ctr32, Mode::cfb128, Mode::cfb8, Mode::ofb}) {
      if (m == lower(mode_name(mode))) {
        r.mode = mode;
        return r;
      }
    }
  }
  return std::nullopt;
}

// algorithm_names: every name -a takes, in --list order.
std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (std::size_t bits : {128, 192, 256}) {
    for (Mode mode :
         {Mode::ecb, Mode::cbc, Mode::ctr128, Mode::ctr32, Mode::cfb128, Mode::cfb8, Mode::ofb})
      names.push_back("aes-" + std::to_string(bits) + "-" + lower(mode_name(mode)));
    if (bits != 192) names.push_back("aes-" + std::to_string(bits) + "-xts");
    names.push_back("aes-" + std::to_string(bits) + "-hctr2");
  }
  for (const AeadAlgorithm* a : aead::algorithms()) names.push_back(lower(a->name()));
  return names;
}

void list_algorithms() {
  for (const std::string& n : algorithm_names()) std::printf("%s\n", n.c_str());
}

// suggestion: the -a name nearest to a mistyped one (aeskit::nearest_name), or "".
std::string suggestion(std::string_view typed) {
  const std::vector<std::string> names = algorithm_names();
  const std::vector<std::string_view> views(names.begin(), names.end());
  return std::string(nearest_name(typed, views));
}

int run(int argc, char** argv, Direction dir) {
  const char* cmd = dir == Direction::encrypt ? "enc" : "dec";
  std::string alg_name, key_hex, iv_hex, tweak_hex, aad_hex, output, input;
  bool have_iv = false, have_tweak = false, nopad = false, have_input = false,
       options_ended = false;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::string value;
    bool missing = false;
    if (arg == "--" && !options_ended) {  // everything after it is a file name
      options_ended = true;
      continue;
    }
    if (options_ended) {
      if (have_input) {
        std::fprintf(stderr, "aeskit %s: one input file at most\n", cmd);
        return kExitUsage;
      }
      input = std::string(arg);
      have_input = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::printf(kHelpText, cmd, dir == Direction::encrypt ? "Encrypts" : "Decrypts");
      return kExitOk;
    }
    if (arg == "--list") {
      list_algorithms();
      return kExitOk;
    }
    if (arg == "--nopad") {
      nopad = true;
    } else if (take_option(argc, argv, i, "--algorithm", "-a", value, missing)) {
      alg_name = value;
    } else if (take_option(argc, argv, i, "--key", "-K", value, missing)) {
      key_hex = value;
    } else if (take_option(argc, argv, i, "--iv", "-iv", value, missing) ||
               take_option(argc, argv, i, "--nonce", "", value, missing)) {
      iv_hex = value;
      have_iv = true;
    } else if (take_option(argc, argv, i, "--tweak", "", value, missing)) {
      tweak_hex = value;
      have_tweak = true;
    } else if (take_option(argc, argv, i, "--aad", "", value, missing)) {
      aad_hex = value;
    } else if (take_option(argc, argv, i, "--output", "-o", value, missing)) {
      if (!missing && value.empty()) {
        std::fprintf(stderr, "aeskit %s: -o needs a file name ('-' for stdout), not ''\n", cmd);
        return kExitUsage;
      }
      output = value;
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::fprintf(stderr, "aeskit %s: unknown option '%s' (aeskit %s --help)\n", cmd, argv[i],
                   cmd);
      return kExitUsage;
    } else if (!have_input) {
      input = std::string(arg);
      have_input = true;
    } else {
      std::fprintf(stderr, "aeskit %s: one input file at most\n", cmd);
      return kExitUsage;
    }
    if (missing) {
      std::fprintf(stderr, "aeskit %s: option '%s' needs a value\n", cmd, argv[i]);
      return kExitUsage;
    }
  }
  if (alg_name.empty()) {
    std::fprintf(stderr, "aeskit %s: choose an algorithm with -a (aeskit %s --list)\n", cmd, cmd);
    return kExitUsage;
  }
  const auto alg = find_algorithm(alg_name);
  if (!alg) {
    const std::string near = suggestion(alg_name);
    if (!near.empty())
      std::fprintf(stderr,
                   "aeskit %s: unknown algorithm '%s' (did you mean %s?); aeskit %s --list shows "
                   "them all\n",
                   cmd, alg_name.c_str(), near.c_str(), cmd);
    else
      std::fprintf(stderr,
                   "aeskit %s: unknown algorithm '%s': the raw modes are aes-<128|192|256>-"
                   "<ecb|cbc|ctr|ctr32|cfb|cfb8|ofb>, aes-<128|256>-xts, aes-<128|192|256>-hctr2, "
                   "and the AEADs; "
                   "aeskit %s --list shows them all\n",
                   cmd, alg_name.c_str(), cmd);
    return kExitUsage;
  }
  auto key = parse_hex_key(key_hex);  // constant time in the digits (key_text.hpp)
  if (!key || key->size() != alg->key_bytes) {
    std::fprintf(stderr, "aeskit %s: -K must be %zu bytes of hex (%zu hex digits) for %s\n", cmd,
                 alg->key_bytes, 2 * alg->key_bytes, alg_name.c_str());
    return kExitUsage;
  }
  const bool tweaked = alg->kind == Algorithm::Kind::xts || alg->kind == Algorithm::Kind::hctr2;
  if (have_tweak && !tweaked) {
    std::fprintf(stderr, "aeskit %s: --tweak is for XTS and HCTR2; %s takes %s\n", cmd,
                 alg_name.c_str(), alg->kind == Algorithm::Kind::aead ? "--nonce" : "--iv");
    return kExitUsage;
  }
  if (have_tweak && have_iv) {
    std::fprintf(stderr, "aeskit %s: give the tweak once (--tweak or --iv, not both)\n", cmd);
    return kExitUsage;
  }
  if (have_tweak) {
    iv_hex = tweak_hex;
    have_iv = true;
  }
  auto iv = parse_hex(iv_hex);
  auto aad = parse_hex(aad_hex);
  if (!iv || !aad) {
    std::fprintf(stderr, "aeskit %s: --iv/--nonce/--tweak and --aad must be hex\n", cmd);
    return kExitUsage;
  }
  // HCTR2's tweak may be empty, so it may be left out.
  const bool needs_iv = alg->kind == Algorithm::Kind::mode ? mode_needs_iv(alg->mode)
                                                           : alg->kind != Algorithm::Kind::hctr2;
  if (needs_iv && !have_iv) {
    std::fprintf(stderr, "aeskit %s: %s needs %s\n", cmd, alg_name.c_str(),
                 alg->kind == Algorithm::Kind::aead ? "--nonce HEX" : "--iv HEX (16 bytes)");
    return kExitUsage;
  }
  if (alg->kind == Algorithm::Kind::mode && !needs_iv && have_iv && !iv->empty()) {
    std::fprintf(stderr, "aeskit %s: %s takes no IV\n", cmd, alg_name.c_str());
    return kExitUsage;
  }

  install_interrupt_handlers();
  std::string error;
  Input in;
  if (!open_input(input, in, error)) {
    std::fprintf(stderr, "aeskit %s: %s\n", cmd, error.c_str());
    return kExitIo;
  }
  Output out;
  // dec writes plaintext: a new file starts 0600 (enc: 0666 & ~umask).
  if (!out.open(output.empty() ? "-" : output, error,
                dir == Direction::decrypt ? OutputMode::private_ : OutputMode::shared, &in)) {
    std::fprintf(stderr, "aeskit %s: %s\n", cmd, error.c_str());
    return kExitIo;
  }
  auto fail = [&](const char* what, int code) {
    out.discard();
    std::fprintf(stderr, "aeskit %s: %s\n", cmd, what);
    return code;
  };
  auto read_failed = [&] {
    const std::string why = "cannot read " + in.name + ": " + std::strerror(errno);
    return fail(why.c_str(), kExitIo);
  };
  auto write_failed = [&] {
    const std::string why = std::string("cannot write the output: ") + std::strerror(errno);
    return fail(why.c_str(), kExitIo);
  };
  auto finish_output = [&]() {
    if (!out.commit(error)) return fail(error.c_str(), kExitIo);
    return static_cast<int>(kExitOk);
  };

  if (alg->kind == Algorithm::Kind::mode) {
    auto aes = AesKey::create(*key);
    if (!aes) return fail(aeskit::error_detail(aes), exit_for(aes.code()));
    const bool padded = (alg->mode == Mode::ecb || alg->mode == Mode::cbc) && !nopad;
    auto cipher =
        Cipher::create(*aes, alg->mode, dir, *iv, padded ? Padding::pkcs7 : Padding::none);
    if (!cipher) return fail(aeskit::error_detail(cipher), exit_for(cipher.code()));
    std::vector<std::uint8_t> buf(1 << 16), res(cipher->update_output_bound(buf.size()) + 32);
    while (true) {
      const long long n = read_full(in.fd, buf);
      if (n < 0) return read_failed();
      auto w = cipher->update({buf.data(), static_cast<std::size_t>(n)}, res);
      if (!w) return fail(aeskit::error_detail(w), exit_for(w.code()));
      if (!out.write({res.data(), *w})) return write_failed();
      if (static_cast<std::size_t>(n) < buf.size()) break;
    }
    auto w = cipher->finish(res);
    if (!w) {
      return fail(w.code() == Errc::bad_padding ? "bad decrypt: the padding is wrong (wrong key "
                                                  "or IV, or modified data)"
                                                : aeskit::error_detail(w),
                  exit_for(w.code()));
    }
    if (!out.write({res.data(), *w})) return write_failed();
    return finish_output();
  }

  EncJob job;
  job.dir = dir;
  job.aead = alg->kind == Algorithm::Kind::aead ? alg->aead : nullptr;
  job.hctr2 = alg->kind == Algorithm::Kind::hctr2;
  job.key = *key;
  job.iv = *iv;
  job.aad = *aad;
  return run_whole_or_aead(cmd, job, in, out);
}

}  // namespace

int run_enc_or_dec(int argc, char** argv, bool encrypt) {
  return run(argc, argv, encrypt ? Direction::encrypt : Direction::decrypt);
}

int run_enc(int argc, char** argv) {
  return run_enc_or_dec(argc, argv, true);
}

}  // namespace aeskit::cli
