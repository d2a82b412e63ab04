// tests/hctr2/hctr2_kat_test.cpp — HCTR2 known answers on every backend this CPU runs, and the
// test model (hctr2_model.hpp) against the same answers and RFC 8452's POLYVAL example.
// Vectors (facts, transcribed): the HCTR2 reference repository github.com/google/hctr2,
// test_vectors/ours/HCTR2/HCTR2_AES{128,192,256}.json ("Random" records: AES-128 with empty,
// 16- and 32-byte tweaks and messages of 16, 31 and 256 bytes; AES-192 with a 32-byte tweak
// and 512 bytes; AES-256 with 1-byte tweaks and 255 bytes). The AES-128 record with the
// 32-byte tweak c3be2acb... and key e115663c... is also the first of Linux's
// crypto/testmgr.h aes_hctr2_tv_template (generated from the same repository).
// Each is checked encrypting and decrypting, out of place and in place.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aeskit/hctr2.hpp"
#include "hctr2_model.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::from_hex;

struct Vector {
  const char* key;
  const char* tweak;
  const char* plaintext;
  const char* ciphertext;
};

const Vector kVectors[] = {
    // HCTR2_AES128.json
    {"74f98f60786abfa85b0bbba059e0f91e", "", "6b26837bdc1c583dc142c6ab7b3f43b0",
     "dd05a8ae51f1e8212fd6c33b9467036d"},
    {"8d36a6f8fe0ad10effbdf374ea1a5919", "",
     "99d5cbe30b34037f655f60fad017667f7a331e941c3ae9eebae09458e6a136",
     "99b50bd965c89e8976d3ce7215c795daff048c8fe6050b2b44a290fa2bf3fe"},
    {"e115663c8dc63affef41d747a2cc8aba",
     "c3be2acbb53986f191ad6cf4de7445635c7ad5cc8b76ef0ecf2c606937fd0796",
     "6575aed3e2bc435cb31ad805c3d05629", "1191ea7458ccd5a2d0559e3dfe7fc8fe"},
    {"50cc285caf62a24e02f0c05ec12980ca",
     "64a5d5f9f46826eacebb6cdda5ef39b55c93df1b9321be49ff9e864f7c4d5115",
     "34c1083e9c280acf33db3f0d0527a4ed", "7caebb374a55945bc66f8f9f685fc762"},
    {"e7d17748760bcd342a2de774ca119cae",
     "711c4962d95b505e6887bcf689ffed30e4e5bdb6104f9f6628065af42735cde5",
     "87038f06a86154da0145d401ef4a22cf78159fbd64bd2cb9401d72ae5363a5",
     "4ea10527b845e4a1bb30b4a6127463d617c9cc2f1864e0060aa0ff72107b22"},
    {"cad18f4103d5ee5b1c35afb83d4f1b44", "0e6b9804b4b108d1b91ce31158fe29d9",
     "91b04ce8e468c08a758554d0811b0acec27312993dfdfd795e49260515fda13e4a70cb9db03cec5d7119faaaba89"
     "8bc305a67e1353a621a0efb6459dbeed1a70a80bff4dca13ad9ae4b411f181678f339795d8447f2c8f880264d0a4"
     "ef12faa80eaba1803ea880f8c0c4d230b912dd0db3191be0dc4514f6d891ee031a20bb9bfb0fcf9ff90e771abba8"
     "1abe6f377a7071dff2de8a8b7ed1a54ef643acb770f028a8360363f7082971d1adef1a623bc6ed3baad70b400c91"
     "59c43042a20a1df4d493588c727d27f5cdc7c8ece1c44f642e2c191ed2d9e9b3585fe00f28ed1406381423c4e85b"
     "04a405b6aa6fa223e258bea8523a6edb4eedb15f00805a1d74",
     "11035368494b91b1b1fcfb4a07d1e7e12bec8609fc2012caacd647695b80bd699e702c8449466e8a9f619eaf6a1d"
     "c39beadda7f94c273c197ab977ffe9444408bdb0a73c466936ef14b2eff2f3085a68ca3459c3e6e1647b5e9cfc0a"
     "341dd3323c518d2272d2f30aea42fc068b906dac1419dcc4569f37f388184d8d900d3cd1296286aeedd6ea9f83ac"
     "4610db0629bc56f5f98f56a022f3ff7f4dad0773b6844b37ebb82ef7cc2389e0809eb96027e4ff7099ed4a6c0d7a"
     "d1c95c2375df8430f01fa9d4894fc199e7754d3243c3749c7daba6af26e2bb7520f2269fecd792067704ea863973"
     "1db782f7c16d6cd1ad3a27d3a734d5874ed37e8269b44aa171"},
    // HCTR2_AES192.json
    {"e628b93339e93506844f417f63a674129907a20b00bd56a1",
     "8b4ae3c432d1e4f5da626f1c458c6cef164c60ae8a8fd4488cac8d81924c5b44",
     "86904d5c2b2590dd000659155f491ecbe81c21f83171593064b5481daae3d79f871b594d10f2c8f9e58d1a28243d"
     "b126341351dbb417aa6e75f4447617ff1cfe516c2de9f87633125d1f1e9566fd44393207aab928f5c59519411e5c"
     "2c195feaddbfcfd985e59c589685a98e5e50eb2ae40b4e8363218b5e0f9d02b391493249e69ba2f18b365183e58e"
     "257c2b5274dd30d51da90934e2cf3ab046b9c3f056f3586c7ba16ebb1ebbfd5443bce4eae5541d79fca1804acd9a"
     "dfb7f04a395c0ca7ad33fe29f9de9b9edc822de92d0886477765c1a4e61e9addc1904fc289bd34790642cf2afd33"
     "dce10cb4b431baa24cef51bdc53f3af89a1a9904748b7dfa83cd1d6da4fdd82bde471f4c6dbab1c0a2e6e347728c"
     "5b9db52ac7995d2edc61d1220bef92d8d6877f2bf250093bb9122d6f98b1202cc124bbeff4222c0276293213a334"
     "722b4776a5749cdfe7b12506c28a4a155b34b24350ff15a02ad8818053e03d59ab58d0b6dc1bcdaa1bef745c4aa4"
     "d910ba63fa3608d8542ca82dd7123e59f079f8351a4586ee48ab532c2c579fe2669880d15264e22535aaedd0f75f"
     "c893d671f2a8c8fe7c42b1fe1fa9ef6450491493a3615f3e8e0be656022b733ec67380b796b169f2298d58792831"
     "f97481abd6635b725026e377feb793eba787a44831114dd9fbb3d488c20f1d2e0772b1082be39576ca3b39d58f57"
     "4105c7531f7b",
     "3b0f81c8beee5430c061b8924700eeb293d98fe7a54dc952310ff06f3a4276cfe71bd8d94a4ef61e5b57bc51a225"
     "84ef973bdb0477df62a1bad7e8c6ba00f03f30bb0cf1f4713fd11a11c8aa42f8acf8621325e587a74b07be008af0"
     "2c1a7563dc4b10a18583e63d7478ae5ab54c2f9b88ca784609fd22ab107a3bbe3ab77cadb46923d83c2a0be6f1c8"
     "c968089e1f49dfc45bd25db52737ddb3de9124dc4ce8af9e7850a34fd99e1b5064b9f91c68a503d7956cd2a72c49"
     "da17d53373962854e7f2fa185298808475d1ce5d4197abc03554d2b9f3da359467e71484edfda26601fe761dc0e0"
     "2dea536b6bb4656c04c2c613ca64e35903f9769c949df4b140b4b1e5ee83124f733ed5c912225129d9057ed81212"
     "b094d37fce380e7f7ac04c7f1fc4ef2a4b88b05a0788e5e83726350588dd080dd2bf98c6a9f2d8d8a71142279490"
     "acd63d503d305c5a0a05159d4f7b695fcfa78f4958838b857ce8764aefeea918b6c98ef1a65dc9cad652baa47245"
     "a3857cc9a65f86dad7000e9a74683a93d5825863c0d334b9a8ba04fa064c9b567c751528202edb7d715f4adfa6da"
     "8517e8abd785029dae05a5f0850e0593d14dd33485142c017a7864f57127af4235f0748c6bedede3182b675104bc"
     "b6030ce56894a0f3e8ee2f23cc63f72318ed57eedb58d0bbc9edd40f5c4ae40b8e21fc52765477e1e7cb1f433e4d"
     "9a7240787298"},
    // HCTR2_AES256.json
    {"c1ea13c0cf0ef446e24ba08dbed8bac5d61f3753fc18b47d6f560c097f7d32a3", "47",
     "3ac2e42db980c3c4c3bd540cedec6a8eb02c1d1210eba4040fd1d6d50f153fcf4b8fa4295fd0e814d814079cf5d8"
     "26ace383a41fb53eba6a27a7655455e2e3bc344ef96a6184418d5d2463a31953b6e09655c94b0a60a6fbb71a5ba3"
     "0d90ce6c311dce5b36d33ab2b6de381dac1ce16be7802709f92419def1f810d520f2a9ebc2b6a0919dd1de3eb4a4"
     "3cd5a49a2f00d631d680615d3573dfc215d14f8334df64cccd1963da5d23982e2dae45f498c5e37224c6409947d5"
     "444378239ad3ba93daf1d7379f8dd1891125f332489033f00a195bb14c10da67f79c177e7248184a0ba84c9d072e"
     "2cfbd997d6d3f44eed5192d2bee8b215eb14db73ec7ef73b85",
     "cbb48877bdfad97f5e4057982ae07f5780c36b2b77a7a825039ccf7374f19bb723e5e798788acdcf6bf03fda3ccb"
     "31f1d6952256d75698c0779b6b54e77a0b4a2ca9d484219cd95b6cd4d2e8cd85de0366a62edf779776f35ef52364"
     "8bf5212f021bf58d8e019dbee666bfe75d70f14a52d199f992a75f28c80b7b2d53c1d68d06eeebcb7156cb9cb593"
     "33a72e618557dc28e63a9db5e72f518a367ed3b1c807bf5f9dba1ca4660e7775ef86ad138ef2a57d1f5ba2f38e7a"
     "d973fa14e85d9537d643147b5295eebe742db3e0b28dde8855f7cc64a5fe58011b71fd9e946d42f826617acbc173"
     "bed6a7511e5258dda6a5ff39a05406f816de461043df2a603b"},
    {"78da2c623b73596ccd2e715766f296c8ed75108683f23a391d7d496bac520514", "07",
     "ce8d00ceb47435b99a7e6fdfbf9e2c5e77f01c63ebefe3040d00d2e1e4b4df529e2b7a094cd720304c69a1ca567b"
     "a72dea920cb10adce59af7a1eca92166ddac9643057092d9c0fcf88a99550b4d744017b77a8f2f1d9304a700e49e"
     "1568d82874d804e1913155773230dbabec743d72a5c87c65562d227b11bc1b2e3ac73c289a1cec738618f03fe006"
     "09c35c917135a4fa5e72bc15c5ddd57d1e52cc3cf5f571828fd6970e8884d0bdfd29247749419deb144210f0a8c8"
     "f803b472f5118e55241338ed5e7edca512e7a944d4ea1799902119c3ff2750b5708b08e36c29a14d049480ce6c01"
     "40334b901381d60d14a725e69eb0c206b75ed9995a0343977e",
     "c99bc4f7bce807c3466c39caaa787fce1466864b25148043ac36e4e2deabfb3eb64f1ae0c48f6a899f0c4bc6f814"
     "d9f8ebba32eb17946671efc71b0cd328462b5df37d23f31967913607466a8ccda396bab4948724d33f2eb80c6486"
     "a3f468d8bb66a0499feceea7f5517405642dc167390316cc2bcf7c60fffd68e3988c992da13608f70f204492095e"
     "86e03f093c382728da8203472b74ca615fcbb116a5745a7f473a753acf2bd7e67030b9de341c3d4c8818178570c5"
     "a454f191d3bc8d19bbb6ee78e971c02817545eae2461b675c2457408f9e1df914fa02158d5a23f4f99302850210e"
     "201cf507067dfe04a9a5b2730363d210c073303cfeaeb37ddb"},
};

class Hctr2Kat : public testing::TestWithParam<std::string> {};

TEST_P(Hctr2Kat, PublishedVectors) {
  const std::string& backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  for (const Vector& v : kVectors) {
    const Bytes key = from_hex(v.key), tweak = from_hex(v.tweak);
    const Bytes pt = from_hex(v.plaintext), ct = from_hex(v.ciphertext);
    ASSERT_EQ(pt.size(), ct.size());
    SCOPED_TRACE(std::string("key ") + v.key + ", " + std::to_string(pt.size()) + " bytes");
    auto k = aeskit::Hctr2Key::create(key, backend);
    ASSERT_TRUE(k.ok());
    EXPECT_EQ(k.value().key_bits(), 8 * key.size());
    EXPECT_EQ(k.value().backend_name(), backend);
    Bytes out(pt.size());
    ASSERT_TRUE(k.value().encrypt(tweak, pt, out).ok());
    EXPECT_EQ(aeskit_test::to_hex(out), v.ciphertext);
    ASSERT_TRUE(k.value().decrypt(tweak, ct, out).ok());
    EXPECT_EQ(aeskit_test::to_hex(out), v.plaintext);
    Bytes buf = pt;
    ASSERT_TRUE(k.value().encrypt(tweak, buf, buf).ok());
    EXPECT_EQ(buf, ct);
    ASSERT_TRUE(k.value().decrypt(tweak, buf, buf).ok());
    EXPECT_EQ(buf, pt);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Hctr2Kat, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// The model itself against the same published answers (so the differential tests compare
// against something known to be HCTR2), and its POLYVAL against RFC 8452 Appendix A.
TEST(Hctr2Model, PublishedVectors) {
  for (const Vector& v : kVectors) {
    const Bytes key = from_hex(v.key), tweak = from_hex(v.tweak);
    const Bytes pt = from_hex(v.plaintext), ct = from_hex(v.ciphertext);
    EXPECT_EQ(aeskit_test::hctr2_model::crypt(true, key, tweak, pt), ct) << v.key;
    EXPECT_EQ(aeskit_test::hctr2_model::crypt(false, key, tweak, ct), pt) << v.key;
  }
}

TEST(Hctr2Model, PolyvalRfc8452AppendixA) {
  const Bytes h = from_hex("25629347589242761d31f826ba4b757b");
  const Bytes x = from_hex("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
  std::uint8_t out[16];
  aeskit_test::hctr2_model::le_store(out, aeskit_test::hctr2_model::polyval(h.data(), x));
  EXPECT_EQ(aeskit_test::to_hex(out), "f7a3b47b846119fae5b7866cf5e5b77e");
}

}  // namespace
