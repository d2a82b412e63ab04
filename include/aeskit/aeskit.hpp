// aeskit/aeskit.hpp — everything in the C++ API.
#pragma once

#include "aeskit/aead.hpp"
#include "aeskit/aes.hpp"
#include "aeskit/backends.hpp"
#include "aeskit/chunked.hpp"
#include "aeskit/hash.hpp"
#include "aeskit/hctr2.hpp"
#include "aeskit/kdf.hpp"
#include "aeskit/keywrap.hpp"
#include "aeskit/mac.hpp"
#include "aeskit/modes.hpp"
#include "aeskit/nonce.hpp"
#include "aeskit/random.hpp"
#include "aeskit/siv.hpp"
#include "aeskit/status.hpp"
#include "aeskit/version.hpp"
#include "aeskit/xts.hpp"
