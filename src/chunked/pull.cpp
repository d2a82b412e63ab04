// src/chunked/pull.cpp — pull-style streams over the push Encryptor/Decryptor: read() pulls one
// chunk's worth of input from the Source at a time, pushes it through, and hands out the
// output; end of input triggers finish(). Memory: one input chunk and one output chunk.
// No CPU feature.
#include <cstring>

#include "aeskit/chunked.hpp"

namespace aeskit::chunked {
namespace {

// pull_step drives one stream object (Encryptor or Decryptor) by one input chunk.
template <class Stream>
Status pull_step(Stream& stream, Source& source, std::vector<std::uint8_t>& in,
                 std::vector<std::uint8_t>& pending, std::size_t& pending_pos, bool& done,
                 std::size_t finish_bound) {
  auto got = source({in.data(), in.size()});
  if (!got) return got.status();
  pending_pos = 0;
  if (*got == 0) {
    pending.resize(finish_bound);
    auto n = stream.finish(pending);
    if (!n) {
      pending.clear();
      return n.status();
    }
    pending.resize(*n);
    done = true;
    return {};
  }
  pending.resize(stream.update_bound(*got));
  auto n = stream.update({in.data(), *got}, pending);
  if (!n) {
    pending.clear();
    return n.status();
  }
  pending.resize(*n);
  return {};
}

template <class Stream>
Result<std::size_t> pull_read(Stream& stream, Source& source, std::vector<std::uint8_t>& in,
                              std::vector<std::uint8_t>& pending, std::size_t& pending_pos,
                              bool& done, Status& error, std::size_t finish_bound,
                              std::span<std::uint8_t> out) {
  while (true) {
    if (pending_pos < pending.size()) {
      const std::size_t n = std::min(out.size(), pending.size() - pending_pos);
      std::memcpy(out.data(), pending.data() + pending_pos, n);
      pending_pos += n;
      return n;
    }
    if (!error) return error;
    if (done || out.empty()) return std::size_t{0};
    error = pull_step(stream, source, in, pending, pending_pos, done, finish_bound);
  }
}

}  // namespace

PullEncryptor::PullEncryptor(Encryptor encryptor, Source source)
    : enc_(std::move(encryptor)), source_(std::move(source)), in_(kChunkSize) {}
PullEncryptor::PullEncryptor(PullEncryptor&&) noexcept = default;
PullEncryptor& PullEncryptor::operator=(PullEncryptor&&) noexcept = default;
PullEncryptor::~PullEncryptor() = default;

Result<std::size_t> PullEncryptor::read(std::span<std::uint8_t> out) {
  return pull_read(enc_, source_, in_, pending_, pending_pos_, done_, error_,
                   Encryptor::kFinishBound, out);
}

PullDecryptor::PullDecryptor(Decryptor decryptor, Source source)
    : dec_(std::move(decryptor)), source_(std::move(source)), in_(kWireChunkSize) {}
PullDecryptor::PullDecryptor(PullDecryptor&&) noexcept = default;
PullDecryptor& PullDecryptor::operator=(PullDecryptor&&) noexcept = default;
PullDecryptor::~PullDecryptor() = default;

Result<std::size_t> PullDecryptor::read(std::span<std::uint8_t> out) {
  return pull_read(dec_, source_, in_, pending_, pending_pos_, done_, error_,
                   Decryptor::kFinishBound, out);
}

}  // namespace aeskit::chunked
