// tools/aeskit/peers/ipsec_mb.cpp — Intel ipsec-mb (Debian's libipsec-mb-dev) as a peer in
// `aeskit speed`: "ipsec-mb" drives its direct GCM API, "ipsec-mb-job" its job API.
//
// The library is loaded at run time (dlopen of its SONAME, libIPSec_MB.so.<major>), so neither
// the tool nor the package depends on it; only its header is needed when aeskit is configured
// (tools/aeskit/CMakeLists.txt). Three entry points are looked up by name (alloc_mb_mgr,
// imb_get_version_str and the init_mb_mgr_<arch> of the chosen architecture); everything else
// is a function pointer in the IMB_MGR the library fills, reached through the header's macros,
// so the header's IMB_MGR layout must be the library's: the run refuses a library whose
// major.minor version differs from the header's.
//
// The manager takes the best architecture the CPU has (IMB_MGR::features after alloc_mb_mgr:
// AVX-512, AVX2, AVX, SSE), minus what the peer mask removes (speed/mask.hpp: AESKIT_DISABLE=
// avx512 drops the AVX-512 manager, avx2 the AVX2 one, aesni or pclmul asks for the library's
// no-AES-NI code with IMB_FLAG_AESNI_OFF, which Debian's 1.3 refuses: the peer then fails,
// and a default run goes on without it). The report names the architecture as the backend.
//
// Only AES-GCM items (seal and open, 128/192/256) have an ipsec-mb runner: ipsec-mb 1.3 has no
// AES-XTS, and its other AES modes are not measured here. Direct API, per message: one
// IMB_AESxxx_GCM_ENC/DEC call with a 12-byte nonce (the cross-check's 16-byte nonce takes
// GCM_INIT_VAR_IV, ENC/DEC_UPDATE and ENC/DEC_FINALIZE); open compares the computed tag with
// the expected one. Job API: each message is one IMB_JOB (IMB_CIPHER_GCM with
// IMB_AUTH_AES_GMAC, cipher then hash for seal, hash then cipher for open), submitted and
// flushed per message (these items time one message after another); completed opens compare
// their tags.
#include <dlfcn.h>
#include <intel-ipsec-mb.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "speed/aead.hpp"
#include "speed/impl.hpp"
#include "speed/mask.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr unsigned kHeaderMajor = IMB_VERSION_NUM >> 16;
constexpr unsigned kHeaderMinor = (IMB_VERSION_NUM >> 8) & 0xff;

// Library: the loaded shared object and the manager; both live until the process ends (the
// speed tool runs once), so they are never freed.
struct Library {
  IMB_MGR* mgr = nullptr;
  std::string version;
  std::string arch;  // "avx512", "avx2", "avx", "sse", "sse-noaesni"
};

bool masked(std::string_view feature) {
  const PeerMask& mask = peer_mask();
  if (!mask.active) return false;
  for (const std::string& f : mask.features)
    if (f == feature) return true;
  return false;
}

// load opens the library and makes the manager; nullptr with `error` on failure.
const Library* load(std::string& error) {
  static Library library;
  static std::string load_error;
  static bool tried = false;
  if (tried) {
    error = load_error;
    return library.mgr != nullptr ? &library : nullptr;
  }
  tried = true;
  void* so = nullptr;
  const std::string names[] = {"libIPSec_MB.so." + std::to_string(kHeaderMajor), "libIPSec_MB.so"};
  for (const std::string& name : names)
    if (so == nullptr) so = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (so == nullptr) {
    load_error = "cannot load " + names[0] + " (install libipsec-mb1): " + dlerror();
    error = load_error;
    return nullptr;
  }
  const auto version_str = reinterpret_cast<const char* (*)()>(dlsym(so, "imb_get_version_str"));
  const auto alloc = reinterpret_cast<IMB_MGR* (*)(std::uint64_t)>(dlsym(so, "alloc_mb_mgr"));
  if (version_str == nullptr || alloc == nullptr) {
    load_error = "libIPSec_MB lacks imb_get_version_str or alloc_mb_mgr";
    error = load_error;
    return nullptr;
  }
  library.version = version_str();
  const std::string want = std::to_string(kHeaderMajor) + "." + std::to_string(kHeaderMinor) + ".";
  if (library.version.rfind(want, 0) != 0) {
    load_error = "libIPSec_MB " + library.version + " at run time, but aeskit was built against " +
                 IMB_VERSION_STR + " (its IMB_MGR layout may differ)";
    error = load_error;
    return nullptr;
  }
  const bool no_aesni = masked("aesni") || masked("pclmul");
  IMB_MGR* mgr = alloc(no_aesni ? IMB_FLAG_AESNI_OFF : 0);
  if (mgr == nullptr) {
    // ipsec-mb 1.3 as Debian builds it has no code without AES-NI: it refuses the flag.
    load_error = no_aesni ? "cannot be masked like aeskit: alloc_mb_mgr(IMB_FLAG_AESNI_OFF) "
                            "failed (this ipsec-mb has no code without AES-NI)"
                          : "alloc_mb_mgr failed";
    error = load_error;
    return nullptr;
  }
  const std::uint64_t f = mgr->features;
  const bool avx512 = (f & IMB_FEATURE_AVX512_SKX) == IMB_FEATURE_AVX512_SKX && !no_aesni &&
                      !masked("avx512") && !masked("avx2") && !masked("avx");
  const bool avx2 = (f & IMB_FEATURE_AVX2) != 0 && !no_aesni && !masked("avx2") && !masked("avx");
  const bool avx = (f & IMB_FEATURE_AVX) != 0 && !no_aesni && !masked("avx");
  const char* init_name = avx512 ? "init_mb_mgr_avx512"
                          : avx2 ? "init_mb_mgr_avx2"
                          : avx  ? "init_mb_mgr_avx"
                                 : "init_mb_mgr_sse";
  library.arch = avx512 ? "avx512" : avx2 ? "avx2" : avx ? "avx" : no_aesni ? "sse-noaesni" : "sse";
  const auto init = reinterpret_cast<void (*)(IMB_MGR*)>(dlsym(so, init_name));
  if (init == nullptr) {
    load_error = std::string("libIPSec_MB lacks ") + init_name;
    error = load_error;
    return nullptr;
  }
  init(mgr);
  if (mgr->gcm128_enc == nullptr || mgr->submit_job == nullptr) {
    load_error = std::string(init_name) + " left the GCM entry points unset";
    error = load_error;
    return nullptr;
  }
  library.mgr = mgr;
  return &library;
}

// GcmCalls: the manager's direct GCM entry points for one key size.
struct GcmCalls {
  aes_gcm_pre_t pre;
  aes_gcm_enc_dec_t enc, dec;
  aes_gcm_init_var_iv_t init_var_iv;
  aes_gcm_enc_dec_update_t enc_update, dec_update;
  aes_gcm_enc_dec_finalize_t enc_finalize, dec_finalize;
};

GcmCalls calls_for(const IMB_MGR& m, std::size_t key_bits) {
  if (key_bits == 128)
    return {m.gcm128_pre,        m.gcm128_enc,        m.gcm128_dec,          m.gcm128_init_var_iv,
            m.gcm128_enc_update, m.gcm128_dec_update, m.gcm128_enc_finalize, m.gcm128_dec_finalize};
  if (key_bits == 192)
    return {m.gcm192_pre,        m.gcm192_enc,        m.gcm192_dec,          m.gcm192_init_var_iv,
            m.gcm192_enc_update, m.gcm192_dec_update, m.gcm192_enc_finalize, m.gcm192_dec_finalize};
  return {m.gcm256_pre,        m.gcm256_enc,        m.gcm256_dec,          m.gcm256_init_var_iv,
          m.gcm256_enc_update, m.gcm256_dec_update, m.gcm256_enc_finalize, m.gcm256_dec_finalize};
}

bool tags_equal(const std::uint8_t* a, const std::uint8_t* b) {
  unsigned diff = 0;
  for (std::size_t i = 0; i < kAeadTagBytes; ++i) diff |= static_cast<unsigned>(a[i] ^ b[i]);
  return diff == 0;
}

// GcmDirectRunner: the direct API (the fastest way to one message).
class GcmDirectRunner final : public AeadRunner<GcmDirectRunner> {
 public:
  GcmDirectRunner(const Item& item, const Material& material, const IMB_MGR& mgr)
      : AeadRunner(item, material), calls_(calls_for(mgr, item.key_bits)) {
    calls_.pre(material.key.data(), &key_);
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string&) {
    std::uint8_t* tag = out.data() + in.size();
    if (nonce().size() == 12) {
      calls_.enc(&key_, &ctx_, out.data(), in.data(), in.size(), nonce().data(), kAeadAd,
                 kAeadAdBytes, tag, kAeadTagBytes);
    } else {
      calls_.init_var_iv(&key_, &ctx_, nonce().data(), nonce().size(), kAeadAd, kAeadAdBytes);
      calls_.enc_update(&key_, &ctx_, out.data(), in.data(), in.size());
      calls_.enc_finalize(&key_, &ctx_, tag, kAeadTagBytes);
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    std::uint8_t computed[kAeadTagBytes];
    if (nonce().size() == 12) {
      calls_.dec(&key_, &ctx_, out.data(), in.data(), in.size(), nonce().data(), kAeadAd,
                 kAeadAdBytes, computed, kAeadTagBytes);
    } else {
      calls_.init_var_iv(&key_, &ctx_, nonce().data(), nonce().size(), kAeadAd, kAeadAdBytes);
      calls_.dec_update(&key_, &ctx_, out.data(), in.data(), in.size());
      calls_.dec_finalize(&key_, &ctx_, computed, kAeadTagBytes);
    }
    if (tags_equal(computed, tag)) return true;
    error = "ipsec-mb GCM open: tag mismatch";
    return false;
  }

 private:
  GcmCalls calls_;
  alignas(64) gcm_key_data key_{};
  alignas(64) gcm_context_data ctx_{};
};

// GcmJobRunner: the job API, one job per message, submitted and flushed.
class GcmJobRunner final : public AeadRunner<GcmJobRunner> {
 public:
  GcmJobRunner(const Item& item, const Material& material, IMB_MGR& mgr)
      : AeadRunner(item, material), mgr_(mgr), key_bytes_(item.key_bits / 8) {
    calls_for(mgr, item.key_bits).pre(material.key.data(), &key_);
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (!submit(in, out.data(), out.data() + in.size(), IMB_DIR_ENCRYPT, nullptr, error))
      return false;
    return flush(error);
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    if (!submit(in, out.data(), computed_, IMB_DIR_DECRYPT, tag, error)) return false;
    return flush(error);
  }

 private:
  // submit queues one message; the expected tag travels in user_data (open).
  bool submit(std::span<const std::uint8_t> in, std::uint8_t* out, std::uint8_t* tag_out,
              IMB_CIPHER_DIRECTION direction, const std::uint8_t* expected, std::string& error) {
    IMB_JOB* job = IMB_GET_NEXT_JOB(&mgr_);
    job->cipher_mode = IMB_CIPHER_GCM;
    job->hash_alg = IMB_AUTH_AES_GMAC;
    job->cipher_direction = direction;
    job->chain_order = direction == IMB_DIR_ENCRYPT ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
    job->enc_keys = &key_;
    job->dec_keys = &key_;
    job->key_len_in_bytes = key_bytes_;
    job->src = in.data();
    job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0;
    job->msg_len_to_cipher_in_bytes = in.size();
    job->hash_start_src_offset_in_bytes = 0;
    job->msg_len_to_hash_in_bytes = in.size();
    job->iv = nonce().data();
    job->iv_len_in_bytes = nonce().size();
    job->u.GCM.aad = kAeadAd;
    job->u.GCM.aad_len_in_bytes = kAeadAdBytes;
    job->auth_tag_output = tag_out;
    job->auth_tag_output_len_in_bytes = kAeadTagBytes;
    job->user_data = const_cast<std::uint8_t*>(expected);
    job = IMB_SUBMIT_JOB(&mgr_);
    while (job != nullptr) {
      if (!completed(*job, error)) return false;
      job = IMB_GET_COMPLETED_JOB(&mgr_);
    }
    return true;
  }

  bool flush(std::string& error) {
    for (IMB_JOB* job = IMB_FLUSH_JOB(&mgr_); job != nullptr; job = IMB_FLUSH_JOB(&mgr_))
      if (!completed(*job, error)) return false;
    return true;
  }

  bool completed(const IMB_JOB& job, std::string& error) {
    if (job.status != IMB_STATUS_COMPLETED) {
      error = "ipsec-mb GCM job failed (status " + std::to_string(job.status) + ")";
      return false;
    }
    const auto* expected = static_cast<const std::uint8_t*>(job.user_data);
    if (expected != nullptr && !tags_equal(job.auth_tag_output, expected)) {
      error = "ipsec-mb GCM job open: tag mismatch";
      return false;
    }
    return true;
  }

  IMB_MGR& mgr_;
  std::size_t key_bytes_;
  alignas(64) gcm_key_data key_{};
  std::uint8_t computed_[kAeadTagBytes] = {};
};

class IpsecMbImpl final : public Impl {
 public:
  IpsecMbImpl(const Library& library, bool jobs) : library_(library), jobs_(jobs) {}
  std::string_view name() const override { return jobs_ ? "ipsec-mb-job" : "ipsec-mb"; }
  std::string_view backend() const override { return library_.arch; }
  std::string describe() const override {
    return "Intel ipsec-mb " + library_.version + " (" + library_.arch + " manager, " +
           (jobs_ ? "job API" : "direct GCM API") + ")" +
           mask_summary("the " + library_.arch + " manager");
  }
  std::unique_ptr<Runner> prepare(const Item& item, const Material& material,
                                  std::string& error) override {
    error.clear();
    if (item.family != Family::gcm || item.kind != ItemKind::aead) return nullptr;
    if (jobs_) return std::make_unique<GcmJobRunner>(item, material, *library_.mgr);
    return std::make_unique<GcmDirectRunner>(item, material, *library_.mgr);
  }

 private:
  const Library& library_;
  bool jobs_;
};

}  // namespace

std::unique_ptr<Impl> make_ipsec_mb_impl(std::string& error) {
  const Library* library = load(error);
  if (library == nullptr) return nullptr;
  return std::make_unique<IpsecMbImpl>(*library, false);
}

std::unique_ptr<Impl> make_ipsec_mb_job_impl(std::string& error) {
  const Library* library = load(error);
  if (library == nullptr) return nullptr;
  return std::make_unique<IpsecMbImpl>(*library, true);
}

}  // namespace aeskit::cli::speed
