// tools/aeskit/cmd_seal.cpp — `aeskit seal`: encrypt a file or stdin with Cobblestone
// (c2sp.org/chunked-encryption; the suite follows the key length). Streams in blocks of 1 MiB
// per thread through chunked::Encryptor (its large updates run on --threads threads): a
// BackgroundReader reads the next block while this one is sealed into one of two alternating
// output buffers, the other being written by a BackgroundWriter. Memory stays at about 4 MiB
// per thread whatever the file size. A file output appears under its name only when complete
// (cli_files.hpp: Output).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "aeskit/chunked.hpp"
#include "cli_files.hpp"
#include "cli_read_ahead.hpp"
#include "cmd_seal_options.hpp"
#include "commands.hpp"

namespace aeskit::cli {
namespace {

constexpr const char* kHelp =
    "usage: aeskit seal (-k KEYFILE | --raw-key-file FILE | -e VAR | -p | --passphrase-file F |\n"
    "                   --passphrase-fd N) [-c CONTEXT] [-t N] [-q]\n"
    "                   [-o OUT] [--] [IN]\n"
    "\n"
    "Encrypts and authenticates IN (default: stdin) to OUT (default: stdout) with\n"
    "Cobblestone, the c2sp.org/chunked-encryption format: a 24-byte random salt, a 32-byte\n"
    "key commitment, then 16 KiB chunks sealed with AES-GCM under keys derived with\n"
    "HKDF-SHA-512. A 16-byte key gives Cobblestone-128, a 32-byte key Cobblestone-256.\n"
    "Output size: input + 56 + 16 bytes per 16 KiB (+16).\n"
    "\n"
    "  -k, --key-file FILE  the key as hex: 32 or 64 hex digits, whitespace around them only\n"
    "                       (as `aeskit keygen` writes it); anything else is refused\n"
    "      --raw-key-file FILE  the key as raw bytes: the file is exactly 16 or 32 bytes\n"
    "  -e, --key-env VAR    the key as hex in environment variable VAR (same rule as -k)\n"
    "  -p, --passphrase     a passphrase instead of a key, asked twice on the terminal (no\n"
    "                       echo), stretched with Argon2id (64 MiB, 3 passes, 4 lanes); the\n"
    "                       file starts with a 77-byte passphrase header (docs/FORMAT.md)\n"
    "      --passphrase-file FILE  the passphrase is FILE's first line (for scripts)\n"
    "      --passphrase-fd N       the passphrase is read from descriptor N, up to a newline\n"
    "  -c, --context STR    bind the ciphertext to STR (e.g. a file name or purpose); `open`\n"
    "                       must be given the same STR (default: empty)\n"
    "  -t, --threads N      threads to use, 1 to 9999 or 'all'/0 (default: all cores; output\n"
    "                       is identical); never more than the cores, nor than the input has MiB\n"
    "  -o, --output FILE    write to FILE, which appears only once complete (default: stdout);\n"
    "                       an existing file keeps its mode and owner (one you may not write\n"
    "                       is refused), a new one gets 0666 minus the umask; /dev/fd/N,\n"
    "                       devices and FIFOs are written in place (see man aeskit)\n"
    "  -q, --quiet          no progress bar (it is shown only on a terminal, for long jobs)\n"
    "\n"
    "Exit status: 0 ok, 2 usage error or bad key, 3 I/O error (the message says why, e.g.\n"
    "\"File too large\", \"input file is output file\"), 130 interrupted by SIGINT/SIGTERM. Other "
    "signals (SIGHUP,\n"
    "SIGQUIT, ...) end it by that signal; SIGPIPE quietly, as for `cat`. A file output is\n"
    "removed in every one of these cases.\n"
    "Example: aeskit seal -k my.key -c backups -o db.sql.cob db.sql\n";

}  // namespace

int run_seal(int argc, char** argv) {
  SealOptions o;
  if (int rc = parse_seal_options(argc, argv, "seal", kHelp, o); rc >= 0) return rc;
  install_interrupt_handlers();
  Input in;
  Output out;
  if (!open_streams("seal", o, in, out)) return kExitIo;
  // Passphrase mode: the header first, then Cobblestone-256 under the key Argon2id derived.
  PassHeader header;
  const bool with_passphrase = o.passphrase.kind != PassphraseSource::Kind::none;
  if (with_passphrase) {
    std::string why;
    std::vector<std::uint8_t> passphrase;
    int rc = read_passphrase(o.passphrase, true, passphrase, why);
    if (rc < 0) rc = seal_passphrase_header(passphrase, kDefaultArgon2, header, o.key, why);
    std::fill(passphrase.begin(), passphrase.end(), 0);
    if (rc >= 0) {
      std::fprintf(stderr, "aeskit seal: %s\n", why.c_str());
      return rc;
    }
  }
  auto suite = chunked::suite_for_key_length(o.key.size());
  auto enc = chunked::Encryptor::create(*suite, o.key, context_bytes(o));
  std::fill(o.key.begin(), o.key.end(), 0);
  if (!enc) {
    std::fprintf(stderr, "aeskit seal: %s\n", aeskit::error_detail(enc));
    return exit_for(enc.code());
  }
  if (with_passphrase && !out.write(header)) {
    std::fprintf(stderr, "aeskit seal: cannot write the output: %s\n", std::strerror(errno));
    return kExitIo;
  }
  // Each thread seals 64 chunks of a block: no more threads than cores, nor than the input
  // has blocks of 64 chunks (memory and start-up grow with the count).
  const unsigned threads = worker_count(o.threads, in.size, 64 * chunked::kChunkSize);
  enc->set_threads(threads);
  std::string error;
  Progress progress(!o.quiet, in.size, "sealing");
  // Three stages overlap: a BackgroundReader reads block k + 1, this thread (with the
  // encryptor's threads) seals block k, a BackgroundWriter writes block k - 1. Output blocks
  // sit at the page offset of their stream position (cli_read_ahead.hpp: IoBuffer).
  const std::size_t block = std::size_t{threads} * 64 * chunked::kChunkSize;
  const std::size_t bound = std::max(enc->update_bound(block), chunked::Encryptor::kFinishBound);
  IoBuffer sealed[2] = {IoBuffer(bound), IoBuffer(bound)};
  std::uint64_t out_pos = stream_position(out.fd());
  int cur = 0;
  BackgroundWriter writer(out.fd());
  BackgroundReader reader(in.fd, block);
  while (true) {
    std::span<const std::uint8_t> data;
    if (!reader.next(data)) {
      const int cause = errno;
      progress.finish();
      std::fprintf(stderr, "aeskit seal: cannot read %s: %s\n", in.name.c_str(),
                   std::strerror(cause));
      return kExitIo;
    }
    if (data.empty()) break;
    const std::span<std::uint8_t> dst = sealed[cur].at(out_pos);
    auto w = enc->update(data, dst);
    if (!w) {
      progress.finish();
      std::fprintf(stderr, "aeskit seal: %s\n", aeskit::error_detail(w));
      return exit_for(w.code());
    }
    if (!writer.submit(dst.first(*w))) {
      const int cause = errno;
      progress.finish();
      std::fprintf(stderr, "aeskit seal: cannot write the output: %s\n", std::strerror(cause));
      return kExitIo;
    }
    out_pos += *w;
    cur ^= 1;
    progress.add(data.size());
    if (data.size() < block) break;
  }
  const std::span<std::uint8_t> last = sealed[cur].at(out_pos);
  auto w = enc->finish(last);
  progress.finish();
  if (!w) {
    std::fprintf(stderr, "aeskit seal: %s\n", aeskit::error_detail(w));
    return exit_for(w.code());
  }
  if (!writer.submit(last.first(*w)) || !writer.finish() || !out.commit(error)) {
    std::fprintf(stderr, "aeskit seal: cannot write the output: %s\n",
                 error.empty() ? std::strerror(errno) : error.c_str());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace aeskit::cli
