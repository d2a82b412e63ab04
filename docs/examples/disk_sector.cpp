// docs/examples/disk_sector.cpp — docs/api-cpp.md, "Encrypt a disk sector": AES-256-XTS on
// 4096-byte sectors, in place, by sector number and by an explicit 16-byte tweak (the same
// thing: the sector number little-endian); a run of sectors in one call; Key1 == Key2 refused
// for encryption. Built and run as a test (tests/doc_examples); exit status 0 when all holds.
#include <aeskit/xts.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  std::array<std::uint8_t, 64> key_bytes{};  // Key1 || Key2, two AES-256 keys that differ
  for (std::size_t i = 0; i < key_bytes.size(); ++i) key_bytes[i] = static_cast<std::uint8_t>(i);
  auto key = aeskit::XtsKey::create(key_bytes);
  if (!key) return std::printf("create: %s\n", key.message()), 1;

  const std::vector<std::uint8_t> plain(4096, 0x5a);
  std::vector<std::uint8_t> sector = plain;
  if (!key->encrypt_sector(1000, sector, sector)) return 1;  // in place, sector 1000
  if (sector == plain) return 1;

  // The same with the tweak spelled out: 1000 as 16 little-endian bytes.
  std::array<std::uint8_t, 16> tweak{1000 & 0xff, 1000 >> 8};
  std::vector<std::uint8_t> again(plain.size());
  if (!key->encrypt(tweak, plain, again) || again != sector) return 1;

  // Three consecutive sectors in one call: unit j uses sector 1000 + j.
  std::vector<std::uint8_t> disk(3 * 4096, 0x5a), out(disk.size());
  if (!key->encrypt_sectors(1000, 4096, disk, out)) return 1;
  if (!std::equal(sector.begin(), sector.end(), out.begin())) return 1;
  if (!key->decrypt_sectors(1000, 4096, out, out) || out != disk) return 1;

  if (!key->decrypt_sector(1000, sector, sector) || sector != plain) return 1;

  // A key whose halves are equal can decrypt old data but never encrypt.
  std::array<std::uint8_t, 32> weak{};
  auto weak_key = aeskit::XtsKey::create(weak);
  if (!weak_key || weak_key->encryption_allowed()) return 1;
  if (weak_key->encrypt_sector(0, plain, again).code() != aeskit::Errc::weak_key) return 1;
  std::printf("disk_sector: ok (%s)\n", key->kernel(aeskit::Direction::encrypt).c_str());
  return 0;
}
