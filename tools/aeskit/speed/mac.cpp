// tools/aeskit/speed/mac.cpp — aeskit's CMAC runner for `aeskit speed` (aeskit::Cmac created
// once per item; one compute per message) and its table note.
#include "speed/mac.hpp"

#include "aeskit/mac.hpp"

namespace aeskit::cli::speed {
namespace {

class AeskitCmacRunner final : public Runner {
 public:
  explicit AeskitCmacRunner(Cmac mac) : mac_(std::move(mac)) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    const auto tag = out.first(kCmacTagBytes);
    for (std::size_t i = 0; i < count; ++i) {
      const Status s = mac_.compute(in, tag);
      if (!s) {
        error = std::string("Cmac::compute failed: ") + s.message();
        return false;
      }
    }
    return true;
  }

 private:
  Cmac mac_;
};

}  // namespace

std::string cmac_table_note(const Item& item, std::string_view backend) {
  const std::uint8_t key[32] = {};
  Result<Cmac> probe =
      Cmac::create(std::span<const std::uint8_t>(key).first(item.key_bits / 8), 16, backend);
  std::string note = "aeskit backend " + std::string(backend);
  if (probe.ok()) note += ", " + probe->kernel();
  return note + "; key set once, full 16-byte tag per message";
}

std::unique_ptr<Runner> make_aeskit_cmac_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error) {
  Result<Cmac> mac = Cmac::create(material.key.first(item.key_bits / 8), 16, backend);
  if (!mac.ok()) {
    error = std::string("Cmac::create failed: ") + mac.message();
    return nullptr;
  }
  return std::make_unique<AeskitCmacRunner>(std::move(mac).value());
}

}  // namespace aeskit::cli::speed
