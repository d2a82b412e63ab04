// tools/aeskit/cmd_open.cpp — `aeskit open`: verify and decrypt a Cobblestone ciphertext
// (c2sp.org/chunked-encryption) from a file or stdin. Streams through chunked::Decryptor in
// blocks of 64 wire chunks per thread (read ahead by a BackgroundReader), into two alternating
// output buffers (one written by a BackgroundWriter while the next block is opened). To a file: the
// plaintext goes to a temporary file in the same directory that is renamed to OUT only after the
// final chunk verified, and removed on any failure or interruption, so OUT never holds
// unauthenticated or partial plaintext. To stdout: chunks are written as they verify; on failure
// what was written is an authentic prefix, and the exit status says the whole did not verify.
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
    "usage: aeskit open (-k KEYFILE | --raw-key-file FILE | -e VAR | -p | --passphrase-file F |\n"
    "                   --passphrase-fd N) [-c CONTEXT] [-t N] [-q]\n"
    "                   [-o OUT] [--] [IN]\n"
    "\n"
    "Verifies and decrypts IN (default: stdin), made by `aeskit seal`, to OUT (default:\n"
    "stdout). Give the same key and --context as when sealing.\n"
    "\n"
    "  -k, --key-file FILE  the key as hex: 32 or 64 hex digits, whitespace around them only\n"
    "                       (as `aeskit keygen` writes it); anything else is refused\n"
    "      --raw-key-file FILE  the key as raw bytes: the file is exactly 16 or 32 bytes\n"
    "  -e, --key-env VAR    the key as hex in environment variable VAR\n"
    "  -p, --passphrase     the passphrase `seal -p` was given, asked on the terminal\n"
    "      --passphrase-file FILE  the passphrase is FILE's first line\n"
    "      --passphrase-fd N       the passphrase is read from descriptor N, up to a newline\n"
    "  -c, --context STR    the context given to `aeskit seal` (default: empty)\n"
    "  -t, --threads N      threads to use, 1 to 9999 or 'all'/0 (default: all cores; never\n"
    "                       more than the cores,\n"
    "                       nor than the input has MiB)\n"
    "  -o, --output FILE    write to FILE; it appears only if everything verified. A new\n"
    "                       FILE gets mode 0600 (minus the umask), an existing one keeps its\n"
    "                       mode and owner; /dev/fd/N, devices and FIFOs are streams\n"
    "  -q, --quiet          no progress bar\n"
    "\n"
    "To stdout, chunks are written as they verify: if open fails, what was written is an\n"
    "authentic prefix of the message, but the message as a whole is NOT valid.\n"
    "\n"
    "Exit status:\n"
    "  0  ok: the whole message verified\n"
    "  2  usage error or unusable key\n"
    "  3  I/O error\n"
    "  4  wrong key, passphrase or context (detected from the header, nothing decrypted)\n"
    "  5  truncated: the ciphertext ends early (under 72 bytes: not an aeskit file)\n"
    "  6  modified: a chunk failed authentication (altered, reordered, or cut inside); a\n"
    "     damaged passphrase header, or Argon2id parameters outside the accepted bounds\n"
    "  7  trailing data after the end of the message\n"
    "  130 interrupted by SIGINT or SIGTERM (the output file was removed)\n"
    "Other signals (SIGHUP, SIGQUIT, ...) remove the output file too and end open by that\n"
    "signal; a reader of stdout that stops early (`| head`) ends it quietly by SIGPIPE.\n";

// The shortest sealed file: salt (24) + commitment (32) + an empty final chunk's tag (16).
constexpr std::size_t kShortestSealed = 24 + 32 + 16;

const char* explain(Errc code) {
  switch (code) {
    case Errc::wrong_key_or_context:
      return "wrong key or context: this file was not sealed with this key and --context "
             "(nothing was decrypted)";
    case Errc::truncated:
      return "the ciphertext is truncated: it ends before the final chunk";
    case Errc::chunk_forged:
      return "the ciphertext was modified: a chunk failed authentication (altered, reordered "
             "or cut)";
    case Errc::trailing_data:
      return "unexpected data after the end of the message";
    default:
      return errc_message(code);
  }
}

}  // namespace

int run_open(int argc, char** argv) {
  SealOptions o;
  if (int rc = parse_seal_options(argc, argv, "open", kHelp, o); rc >= 0) return rc;
  install_interrupt_handlers();
  Input in;
  Output out;
  if (!open_streams("open", o, in, out)) return kExitIo;
  // Passphrase mode: the header is checked and the key derived before anything is decrypted.
  if (o.passphrase.kind != PassphraseSource::Kind::none) {
    std::string why;
    std::vector<std::uint8_t> passphrase;
    PassHeader header = {};
    int rc = read_passphrase(o.passphrase, false, passphrase, why);
    if (rc < 0) {
      const long long n = read_full(in.fd, header);
      if (n < 0) {
        why = "cannot read " + in.name + ": " + std::strerror(errno);
        rc = kExitIo;
      } else if (static_cast<std::size_t>(n) < kPassHeaderSize &&
                 (n < 8 || std::memcmp(header, "aeskitpw", 8) == 0)) {
        why = "not an aeskit passphrase file: " + in.name + " holds " + std::to_string(n) +
              " bytes, less than the 77-byte passphrase header";
        rc = kExitTruncated;
      } else {
        rc = open_passphrase_header(passphrase, header, o.key, why);
      }
    }
    std::fill(passphrase.begin(), passphrase.end(), 0);
    if (rc >= 0) {
      out.discard();
      std::fprintf(stderr, "aeskit open: %s\n", why.c_str());
      return rc;
    }
  }
  auto suite = chunked::suite_for_key_length(o.key.size());
  auto dec = chunked::Decryptor::create(*suite, o.key, context_bytes(o));
  std::fill(o.key.begin(), o.key.end(), 0);
  if (!dec) {
    std::fprintf(stderr, "aeskit open: %s\n", aeskit::error_detail(dec));
    return exit_for(dec.code());
  }
  const unsigned threads = worker_count(o.threads, in.size, 64 * chunked::kWireChunkSize);
  dec->set_threads(threads);
  std::string error;
  Progress progress(!o.quiet, in.size, "opening");
  BackgroundWriter writer(out.fd());
  std::uint64_t total_in = 0;  // bytes of input read so far
  auto fail = [&](Errc code) {
    progress.finish();
    (void)writer.finish();  // the authentic prefix, to stdout; a file is removed next
    out.discard();
    if (code == Errc::truncated && total_in < kShortestSealed) {
      std::fprintf(stderr,
                   "aeskit open: not an aeskit file: %s holds %llu bytes, less than the %zu of "
                   "the shortest sealed file (a 56-byte header and a final chunk's tag)\n",
                   in.name.c_str(), static_cast<unsigned long long>(total_in), kShortestSealed);
      return exit_for(code);
    }
    std::fprintf(stderr, "aeskit open: %s%s\n", explain(code),
                 out.is_stdout() ? "" : "; no output written");
    return exit_for(code);
  };
  // Three stages overlap: a BackgroundReader reads block k + 1, this thread (with the
  // decryptor's threads) opens block k, a BackgroundWriter writes block k - 1. Output blocks
  // sit at the page offset of their stream position (cli_read_ahead.hpp: IoBuffer).
  const std::size_t block = std::size_t{threads} * 64 * chunked::kWireChunkSize;
  const std::size_t bound = dec->update_bound(block) + chunked::kChunkSize;
  IoBuffer plain[2] = {IoBuffer(bound), IoBuffer(bound)};
  std::uint64_t out_pos = stream_position(out.fd());
  int cur = 0;
  BackgroundReader reader(in.fd, block);
  while (true) {
    std::span<const std::uint8_t> data;
    if (!reader.next(data)) {
      const int cause = errno;
      progress.finish();
      (void)writer.finish();
      out.discard();
      std::fprintf(stderr, "aeskit open: cannot read %s: %s\n", in.name.c_str(),
                   std::strerror(cause));
      return kExitIo;
    }
    if (data.empty()) break;
    total_in += data.size();
    const std::span<std::uint8_t> dst = plain[cur].at(out_pos);
    auto w = dec->update(data, dst);
    if (!w) return fail(w.code());
    if (!writer.submit(dst.first(*w))) {
      const int cause = errno;
      progress.finish();
      out.discard();
      std::fprintf(stderr, "aeskit open: cannot write the output: %s\n", std::strerror(cause));
      return kExitIo;
    }
    // A chunk that failed after others in this block verified is reported by the next call:
    // ask now, not once the next block has arrived (a pipe may be slow, or never end).
    if (auto pending = dec->update({}, dst.subspan(*w)); !pending) return fail(pending.code());
    out_pos += *w;
    cur ^= 1;
    progress.add(data.size());
    if (data.size() < block) break;
  }
  const std::span<std::uint8_t> last = plain[cur].at(out_pos);
  auto w = dec->finish(last);
  if (!w) return fail(w.code());
  progress.finish();
  if (!writer.submit(last.first(*w)) || !writer.finish() || !out.commit(error)) {
    const int cause = errno;
    out.discard();
    std::fprintf(stderr, "aeskit open: cannot write the output: %s\n",
                 error.empty() ? std::strerror(cause) : error.c_str());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace aeskit::cli
