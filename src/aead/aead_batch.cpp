// src/aead/aead_batch.cpp — AeadKey::seal_batch / open_batch: many messages under one key,
// each with its own outcome. No CPU feature.
//
// Each message is checked as the one-message call checks it (the same order, the same codes;
// nothing is written for a message whose arguments are wrong). Messages of the two layouts
// that need their own buffer handling (TLS records; SIV's tag || ciphertext when attached)
// simply go through the one-message calls. Every other message becomes an AeadBatchJob, and
// the jobs go to the family's AeadScheme::seal_jobs / open_jobs in groups of kBatchGroup
// (aead_scheme.hpp: the hook a multi-message kernel overrides; GCM's too). The results are
// written back after each group.
#include <cstring>

#include "aead/aead_batch.hpp"
#include "aead/aead_checks.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {
namespace detail {

namespace {

// A prepared job remembers its message, and the length to report on success.
struct Pending {
  AeadMessage* message;
  std::size_t length;
};

// prepare_seal: AeadKey::seal's (tag after the ciphertext) or seal_detached's checks.
Status prepare_seal(const AeadKeyState& k, const AeadMessage& m, AeadBatchJob& job,
                    std::size_t& length) noexcept {
  if (Status s = check_lengths(k, m.nonce, m.in.size(), m.ad.size()); !s) return s;
  const std::size_t n = m.in.size();
  job = AeadBatchJob{m.nonce.data(), m.nonce.size(), m.ad.data(), m.ad.size(),
                     m.in.data(),    m.out.data(),   n,           nullptr,
                     nullptr,        false};
  if (!m.detached) {
    const std::size_t written = n + k.tag_length;
    if (m.out.size() < written) return output_too_small(written, m.out.size());
    if (Status s = check_written(m.out.data(), written, m.in, m.nonce, m.ad); !s) return s;
    job.tag_out = m.out.data() + n;
    length = written;
    return {};
  }
  if (m.out.size() < n) return output_too_small(n, m.out.size());
  if (m.tag.size() < k.tag_length)
    return fail_with_detail(Errc::output_too_small,
                            "the tag output is shorter than the key's tag length");
  if (Status s = check_written(m.out.data(), n, m.in, m.nonce, m.ad); !s) return s;
  const std::uint8_t* tag = m.tag.data();
  if (overlaps(m.in, tag, k.tag_length) || overlaps(m.nonce, tag, k.tag_length) ||
      overlaps(m.ad, tag, k.tag_length) || overlaps(m.out.data(), n, tag, k.tag_length))
    return Errc::overlapping_buffers;
  job.tag_out = m.tag.data();
  length = n;
  return {};
}

// prepare_open: AeadKey::open's (tag after the ciphertext) or open_detached's checks. A
// detached tag of the wrong length is a failed open (output zeroed), as open_detached has it.
Status prepare_open(const AeadKeyState& k, const AeadMessage& m, AeadBatchJob& job,
                    std::size_t& length) noexcept {
  std::span<const std::uint8_t> ciphertext = m.in;
  std::span<const std::uint8_t> tag = m.tag;
  if (!m.detached) {
    if (Status s = check_nonce(*k.algorithm, m.nonce); !s) return s;
    if (m.in.size() < k.tag_length) return Errc::authentication_failed;
    ciphertext = m.in.first(m.in.size() - k.tag_length);
    tag = m.in.subspan(ciphertext.size());
  }
  const std::size_t n = ciphertext.size();
  if (Status s = check_lengths(k, m.nonce, n, m.ad.size()); !s) return s;
  if (m.out.size() < n) return output_too_small(n, m.out.size());
  if (Status s = check_written(m.out.data(), n, ciphertext, m.nonce, m.ad); !s) return s;
  if (overlaps(tag, m.out.data(), n)) return Errc::overlapping_buffers;
  if (m.detached && tag.size() != k.tag_length) {
    if (n != 0) secure_zero(m.out.data(), n);
    return Errc::authentication_failed;
  }
  job = AeadBatchJob{m.nonce.data(),    m.nonce.size(), m.ad.data(), m.ad.size(),
                     ciphertext.data(), m.out.data(),   n,           nullptr,
                     tag.data(),        false};
  length = n;
  return {};
}

enum class BatchOp { seal, open };

// one_message: the layouts that keep the one-message calls (records, attached tag-first).
void one_message(const AeadKey& key, AeadMessage& m, BatchOp op) noexcept {
  if (m.detached) {
    m.status = op == BatchOp::seal ? key.seal_detached(m.nonce, m.ad, m.in, m.out, m.tag)
                                   : key.open_detached(m.nonce, m.ad, m.in, m.tag, m.out);
    m.length = m.status.ok() ? m.in.size() : 0;
    return;
  }
  Result<std::size_t> r = op == BatchOp::seal ? key.seal(m.nonce, m.ad, m.in, m.out)
                                              : key.open(m.nonce, m.ad, m.in, m.out);
  m.status = r.status();
  m.length = r.ok() ? r.value() : 0;
}

Status run_batch(const AeadKey& key, const AeadKeyState* k, std::span<AeadMessage> messages,
                 BatchOp op) noexcept {
  if (k == nullptr) {
    for (AeadMessage& m : messages) {
      m.status = Errc::invalid_state;
      m.length = 0;
    }
    return messages.empty() ? Status{} : Status{Errc::invalid_state};
  }
  // Layouts that never become jobs: every record; tag || ciphertext when attached.
  const bool records = record_layout(*k);
  const bool first = tag_first(*k);
  AeadBatchJob jobs[kBatchGroup];  // uninitialised: each job is written whole before use
  Pending pending[kBatchGroup];
  std::size_t next = 0;
  while (next < messages.size()) {
    std::size_t count = 0;
    for (; next < messages.size() && count < kBatchGroup; ++next) {
      AeadMessage& m = messages[next];
      if (records || (first && !m.detached)) {
        one_message(key, m, op);
        continue;
      }
      std::size_t length = 0;
      const Status s = op == BatchOp::seal ? prepare_seal(*k, m, jobs[count], length)
                                           : prepare_open(*k, m, jobs[count], length);
      if (!s) {
        m.status = s;
        m.length = 0;
        continue;
      }
      pending[count++] = Pending{&m, length};
    }
    const std::span<AeadBatchJob> group(jobs, count);
    if (op == BatchOp::seal)
      k->scheme->seal_jobs(group);
    else
      k->scheme->open_jobs(group);
    for (std::size_t i = 0; i < count; ++i) {
      AeadMessage& m = *pending[i].message;
      const bool ok = op == BatchOp::seal || group[i].ok;
      m.status = ok ? Status{} : Status{Errc::authentication_failed};
      m.length = ok ? pending[i].length : 0;
    }
  }
  for (const AeadMessage& m : messages)
    if (!m.status) return m.status;
  return {};
}

}  // namespace
}  // namespace detail

Status AeadKey::seal_batch(std::span<AeadMessage> messages) const noexcept {
  return detail::run_batch(*this, state_.get(), messages, detail::BatchOp::seal);
}

Status AeadKey::open_batch(std::span<AeadMessage> messages) const noexcept {
  return detail::run_batch(*this, state_.get(), messages, detail::BatchOp::open);
}

}  // namespace aeskit
