// tools/aeskit/speed/batch.cpp — the AEAD batch and header-protection runners of `aeskit
// speed` (speed/batch.hpp).
#include "speed/batch.hpp"

#include <algorithm>
#include <cstring>

#include "aeskit/aead.hpp"
#include "aeskit/modes.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr std::size_t kPacketBytes = 1350;
constexpr std::size_t kSampleOffset = 1 + 8 + 4;  // short header, 8-byte DCID, pn_offset + 4

std::string failure(const char* call, Status status) {
  return std::string(call) + " failed: " + std::string(status.message());
}

class AeadBatchRunner final : public Runner {
 public:
  AeadBatchRunner(AeadKey key, const Item& item, std::span<const std::uint8_t> nonce)
      : key_(std::move(key)),
        seal_(item.direction == Direction::encrypt),
        one_by_one_(item.one_by_one),
        count_(item.messages),
        nonce_(nonce.begin(), nonce.end()),
        messages_(item.messages) {}

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    const std::size_t len = in.size() / count_;
    const std::size_t tag = key_.tag_length();
    std::span<const std::uint8_t> source = in;
    if (!seal_ && (in.data() != sealed_for_ || in.size() != sealed_size_)) {
      // Seal the batch once per input (the warm-up pays it), then open that every time.
      sealed_.assign(count_ * (len + tag), 0);
      for (std::size_t i = 0; i < count_; ++i) {
        auto r = key_.seal(nonce_, kAeadAd, in.subspan(i * len, len),
                           std::span(sealed_).subspan(i * (len + tag), len + tag));
        if (!r.ok()) {
          error = failure("AeadKey::seal", r.status());
          return false;
        }
      }
      sealed_for_ = in.data();
      sealed_size_ = in.size();
    }
    if (!seal_) source = sealed_;
    const std::size_t in_stride = seal_ ? len : len + tag;
    const std::size_t out_stride = seal_ ? len + tag : len;
    for (std::size_t i = 0; i < count_; ++i) {
      AeadMessage& m = messages_[i];
      m.nonce = nonce_;
      m.ad = kAeadAd;
      m.in = source.subspan(i * in_stride, in_stride);
      m.out = out.subspan(i * out_stride, out_stride);
    }
    for (std::size_t op = 0; op < count; ++op) {
      if (one_by_one_) {
        for (AeadMessage& m : messages_) {
          auto r =
              seal_ ? key_.seal(m.nonce, m.ad, m.in, m.out) : key_.open(m.nonce, m.ad, m.in, m.out);
          if (!r.ok()) {
            error = failure(seal_ ? "AeadKey::seal" : "AeadKey::open", r.status());
            return false;
          }
        }
      } else {
        const Status s = seal_ ? key_.seal_batch(messages_) : key_.open_batch(messages_);
        if (!s.ok()) {
          error = failure(seal_ ? "AeadKey::seal_batch" : "AeadKey::open_batch", s);
          return false;
        }
      }
    }
    return true;
  }

 private:
  AeadKey key_;
  bool seal_;
  bool one_by_one_;
  std::size_t count_;
  std::vector<std::uint8_t> nonce_;
  std::vector<AeadMessage> messages_;
  std::vector<std::uint8_t> sealed_;
  const std::uint8_t* sealed_for_ = nullptr;
  std::size_t sealed_size_ = 0;
};

class HpRunner final : public Runner {
 public:
  HpRunner(AesKey key, const Item& item)
      : key_(std::move(key)), one_by_one_(item.one_by_one), packets_(item.messages) {
    for (std::size_t i = 0; i < packets_.size(); ++i) {
      packets_[i].assign(kPacketBytes, static_cast<std::uint8_t>(i * 37 + 1));
      samples_.push_back(packets_[i].data() + kSampleOffset);
    }
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    // The packets take the input's bytes once (a sample per packet), so the masks depend on it.
    for (std::size_t i = 0; i < packets_.size() && (i + 1) * kBlockSize <= in.size(); ++i)
      std::memcpy(packets_[i].data() + kSampleOffset, in.data() + i * kBlockSize, kBlockSize);
    const std::span<std::uint8_t> masks = out.first(samples_.size() * kBlockSize);
    for (std::size_t op = 0; op < count; ++op) {
      if (one_by_one_) {
        for (std::size_t i = 0; i < samples_.size(); ++i) {
          const Status s = key_.encrypt_blocks(std::span(samples_[i], kBlockSize),
                                               masks.subspan(i * kBlockSize, kBlockSize));
          if (!s.ok()) {
            error = failure("AesKey::encrypt_blocks", s);
            return false;
          }
        }
      } else if (const Status s = hp_masks(key_, samples_, masks); !s.ok()) {
        error = failure("aeskit::hp_masks", s);
        return false;
      }
    }
    return true;
  }

 private:
  AesKey key_;
  bool one_by_one_;
  std::vector<std::vector<std::uint8_t>> packets_;
  std::vector<const std::uint8_t*> samples_;
};

}  // namespace

std::vector<std::size_t> batch_sizes(const Item& item) {
  if (item.family == Family::hp) return {item.messages * kBlockSize};
  if (item.algorithm != "AES-128-GCM") return {item.messages * kPacketBytes};
  return {item.messages * 64, item.messages * kPacketBytes, item.messages * 9000};
}

std::size_t batch_output_length(const Item& item, std::size_t in_len) {
  if (item.family == Family::hp) return in_len;
  return in_len + item.messages * kAeadTagBytes;
}

std::string batch_table_note(const Item& item) {
  if (item.family == Family::hp)
    return item.one_by_one ? "; one AesKey::encrypt_blocks call per sample"
                           : "; one aeskit::hp_masks call for all samples (16-byte samples in "
                             "1350-byte packets)";
  return std::string(item.one_by_one ? "; AeadKey::seal/open once per message"
                                     : "; one AeadKey::seal_batch/open_batch call") +
         ", " + std::to_string(item.messages) + " messages of bytes/" +
         std::to_string(item.messages) + " each, " + std::to_string(kAeadAdBytes) +
         "-byte AD, 16-byte tag";
}

std::unique_ptr<Runner> make_aeskit_batch_runner(const Item& item, const Material& material,
                                                 std::string_view backend, std::string& error) {
  if (item.family == Family::hp) {
    Result<AesKey> key = AesKey::create(material.key.first(item.key_bytes()), backend);
    if (!key.ok()) {
      error = failure("AesKey::create", key.status());
      return nullptr;
    }
    return std::make_unique<HpRunner>(std::move(key).value(), item);
  }
  const AeadAlgorithm* algorithm = aead::find(item.algorithm);
  if (algorithm == nullptr) {
    error = "internal: no AEAD named " + item.algorithm;
    return nullptr;
  }
  Result<AeadKey> key = AeadKey::create(*algorithm, material.key.first(algorithm->key_length()),
                                        kAeadTagBytes, backend);
  if (!key.ok()) {
    error = failure("AeadKey::create", key.status());
    return nullptr;
  }
  return std::make_unique<AeadBatchRunner>(std::move(key).value(), item,
                                           material.iv.first(algorithm->nonce_recommended()));
}

}  // namespace aeskit::cli::speed
