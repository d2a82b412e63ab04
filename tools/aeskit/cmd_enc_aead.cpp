// tools/aeskit/cmd_enc_aead.cpp — the AEADs, XTS and HCTR2 of `aeskit enc`/`aeskit dec`, with
// memory bounded whatever the input size. GCM streams: enc writes ciphertext as it reads and the
// tag at the end; dec holds back the last tag-length bytes and writes plaintext, unverified, only
// to an unnamed file (the output's own O_TMPFILE file, or for a stream one in $TMPDIR) that
// reaches OUT's name or the stream only after the tag verified. The one-shot AEADs (every
// family but GCM), XTS (one data unit) and HCTR2 (one wide block) need the whole message in
// memory: they take at most kWholeMessageLimit bytes (XTS: kXtsMaxDataUnit) and refuse more
// with exit 2 before writing.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "cli_files.hpp"
#include "cmd_enc_aead.hpp"

namespace aeskit::cli {
namespace {

constexpr std::size_t kBlock = std::size_t{1} << 20;

struct Run {
  const char* cmd;
  Input& in;
  Output& out;
  int fail(const std::string& why, int code) {
    out.discard();
    std::fprintf(stderr, "aeskit %s: %s\n", cmd, why.c_str());
    return code;
  }
  int read_failed() {
    return fail("cannot read " + in.name + ": " + std::strerror(errno), kExitIo);
  }
  int write_failed() {
    return fail(std::string("cannot write the output: ") + std::strerror(errno), kExitIo);
  }
  int commit() {
    std::string error;
    if (!out.commit(error)) return fail(error, kExitIo);
    return kExitOk;
  }
};

// read_capped: the whole input, or false with `over` set when it holds more than `limit`.
bool read_capped(int fd, std::size_t limit, std::vector<std::uint8_t>& data, bool& over) {
  over = false;
  std::vector<std::uint8_t> buf(65536);
  while (true) {
    const long long n = read_full(fd, buf);
    if (n < 0) return false;
    if (data.size() + static_cast<std::size_t>(n) > limit) {
      over = true;
      return true;
    }
    data.insert(data.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    if (static_cast<std::size_t>(n) < buf.size()) return true;
  }
}

// A file for unverified plaintext that has no name: the output's own temporary file when it
// has one, else one in $TMPDIR (or /tmp), copied to the stream once verified.
int unnamed_scratch_file(std::string& error) {
  const char* env = std::getenv("TMPDIR");
  const std::string dir = env != nullptr && *env != '\0' ? env : "/tmp";
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    std::string name = dir + "/.aeskit-scratch-XXXXXX";
    fd = mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) unlink(name.c_str());  // unnamed from here on
  }
  if (fd < 0)
    error = "cannot create a scratch file for the unverified plaintext in '" + dir +
            "' (set TMPDIR): " + std::strerror(errno);
  return fd;
}

int seal_gcm(Run& r, AeadSealer& sealer, std::span<const std::uint8_t> aad) {
  if (Status s = sealer.update_ad(aad); !s)
    return r.fail(aeskit::error_detail(s), exit_for(s.code()));
  std::vector<std::uint8_t> buf(kBlock), ct(kBlock);
  while (true) {
    const long long n = read_full(r.in.fd, buf);
    if (n < 0) return r.read_failed();
    const std::size_t len = static_cast<std::size_t>(n);
    auto w = sealer.update({buf.data(), len}, {ct.data(), len});
    if (!w) return r.fail(aeskit::error_detail(w), exit_for(w.code()));
    if (!r.out.write({ct.data(), *w})) return r.write_failed();
    if (len < buf.size()) break;
  }
  auto t = sealer.finish(ct);
  if (!t) return r.fail(aeskit::error_detail(t), exit_for(t.code()));
  if (!r.out.write({ct.data(), *t})) return r.write_failed();
  return r.commit();
}

int open_gcm(Run& r, AeadOpener& opener, std::span<const std::uint8_t> aad) {
  if (Status s = opener.update_ad(aad); !s)
    return r.fail(aeskit::error_detail(s), exit_for(s.code()));
  std::string error;
  const bool stream = r.out.is_stdout();
  const int scratch = stream ? unnamed_scratch_file(error) : r.out.fd();
  if (scratch < 0) return r.fail(error, kExitIo);
  struct Closer {
    int fd;
    bool own;
    ~Closer() {
      if (own) ::close(fd);
    }
  } closer{scratch, stream};
  const std::size_t tag = opener.tag_length();
  std::vector<std::uint8_t> buf(kBlock + tag), plain(kBlock + tag);
  std::size_t have = 0;
  while (true) {
    const long long n = read_full(r.in.fd, {buf.data() + have, buf.size() - have});
    if (n < 0) return r.read_failed();
    have += static_cast<std::size_t>(n);
    const bool end = have < buf.size();
    if (end && have < tag)
      return r.fail("input is shorter than the tag: truncated or not an AEAD ciphertext",
                    kExitModified);
    const std::size_t take = have - tag;  // the last tag-length bytes may be the tag
    auto w = opener.update({buf.data(), take}, {plain.data(), take});
    if (!w) return r.fail(aeskit::error_detail(w), exit_for(w.code()));
    if (!write_all(scratch, {plain.data(), *w})) return r.write_failed();
    std::memmove(buf.data(), buf.data() + take, tag);
    have = tag;
    if (end) break;
  }
  std::fill(plain.begin(), plain.end(), 0);
  if (Status s = opener.finish({buf.data(), tag}); !s) {
    return r.fail(s.code() == Errc::authentication_failed
                      ? "authentication failed: wrong key, nonce or --aad, or modified data; "
                        "nothing written"
                      : aeskit::error_detail(s),
                  exit_for(s.code()));
  }
  if (stream) {  // verified: now the plaintext may reach the stream
    if (lseek(scratch, 0, SEEK_SET) != 0) return r.fail(std::strerror(errno), kExitIo);
    while (true) {
      const long long n = read_full(scratch, plain);
      if (n < 0)
        return r.fail(std::string("cannot read back the plaintext: ") + std::strerror(errno),
                      kExitIo);
      if (!r.out.write({plain.data(), static_cast<std::size_t>(n)})) return r.write_failed();
      if (static_cast<std::size_t>(n) < plain.size()) break;
    }
    std::fill(plain.begin(), plain.end(), 0);
  }
  return r.commit();
}

}  // namespace

int run_whole_or_aead(const char* cmd, const EncJob& job, Input& in, Output& out) {
  Run r{cmd, in, out};
  const bool encrypt = job.dir == Direction::encrypt;
  if (job.aead != nullptr) {
    auto ak = AeadKey::create(*job.aead, job.key, job.aead->default_tag_length());
    if (!ak) return r.fail(aeskit::error_detail(ak), exit_for(ak.code()));
    if (encrypt) {
      auto sealer = AeadSealer::create(*ak, job.iv);
      if (sealer) return seal_gcm(r, *sealer, job.aad);
      if (sealer.code() != Errc::one_shot_only)
        return r.fail(aeskit::error_detail(sealer), exit_for(sealer.code()));
    } else {
      auto opener = AeadOpener::create(*ak, job.iv);
      if (opener) return open_gcm(r, *opener, job.aad);
      if (opener.code() != Errc::one_shot_only)
        return r.fail(aeskit::error_detail(opener), exit_for(opener.code()));
    }
  }
  // One data unit (XTS) or a one-shot AEAD: the whole message in memory, capped.
  const std::size_t limit = job.hctr2             ? kWholeMessageLimit
                            : job.aead == nullptr ? kXtsMaxDataUnit
                                                  : kWholeMessageLimit + (encrypt ? 0 : 256);
  std::vector<std::uint8_t> data;
  bool over = false;
  if (!read_capped(in.fd, limit, data, over)) return r.read_failed();
  if (over) {
    return r.fail(job.hctr2 ? "HCTR2 encrypts the input as one block, held in memory: at most 64 "
                              "MiB (67108864 bytes) here, and this input is larger; use "
                              "`aeskit seal` for files"
                  : job.aead == nullptr
                      ? "XTS encrypts the input as one data unit of at most 16 MiB (16777216 "
                        "bytes; IEEE 1619's limit), and this input is larger: split it into "
                        "data units, or use `aeskit seal` for files"
                      : "this AEAD seals its message in one piece, held in memory: at most 64 "
                        "MiB (67108864 bytes) here, and this input is larger; use a GCM "
                        "algorithm (streamed) or `aeskit seal`",
                  kExitUsage);
  }
  std::vector<std::uint8_t> res;
  if (job.hctr2) {
    auto hctr2 = Hctr2Key::create(job.key);
    if (!hctr2) return r.fail(aeskit::error_detail(hctr2), exit_for(hctr2.code()));
    res.resize(data.size());
    Status s = encrypt ? hctr2->encrypt(job.iv, data, res) : hctr2->decrypt(job.iv, data, res);
    if (!s) return r.fail(aeskit::error_detail(s), exit_for(s.code()));
  } else if (job.aead == nullptr) {
    auto xts = XtsKey::create(job.key);
    if (!xts) return r.fail(aeskit::error_detail(xts), exit_for(xts.code()));
    res.resize(data.size());
    Status s = encrypt ? xts->encrypt(job.iv, data, res) : xts->decrypt(job.iv, data, res);
    if (!s) return r.fail(aeskit::error_detail(s), exit_for(s.code()));
  } else {
    auto ak = AeadKey::create(*job.aead, job.key, job.aead->default_tag_length());
    if (!ak) return r.fail(aeskit::error_detail(ak), exit_for(ak.code()));
    if (encrypt) {
      res.resize(data.size() + ak->tag_length() + 256);  // room for CBC-HMAC padding
      auto n = ak->seal(job.iv, job.aad, data, res);
      if (!n) return r.fail(aeskit::error_detail(n), exit_for(n.code()));
      res.resize(*n);
    } else {
      if (data.size() < ak->tag_length())
        return r.fail("input is shorter than the tag: truncated or not an AEAD ciphertext",
                      kExitModified);
      res.resize(data.size());
      auto n = ak->open(job.iv, job.aad, data, res);
      if (!n) {
        return r.fail(n.code() == Errc::authentication_failed
                          ? "authentication failed: wrong key, nonce or --aad, or modified "
                            "data; nothing written"
                          : aeskit::error_detail(n),
                      exit_for(n.code()));
      }
      res.resize(*n);
    }
  }
  if (!out.write(res)) return r.write_failed();
  std::fill(res.begin(), res.end(), 0);
  return r.commit();
}

}  // namespace aeskit::cli
