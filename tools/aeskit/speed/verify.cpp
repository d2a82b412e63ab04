// tools/aeskit/speed/verify.cpp — compares aeskit's output with a peer's before timing.
#include "speed/verify.hpp"

#include <algorithm>
#include <cstdio>

#include "speed/buffer.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr std::size_t kTailCheckLength = 1350;

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  char pair[3];
  for (std::uint8_t byte : bytes) {
    std::snprintf(pair, sizeof pair, "%02x", static_cast<unsigned>(byte));
    text += pair;
  }
  return text;
}

std::string describe_difference(std::span<const std::uint8_t> ours,
                                std::span<const std::uint8_t> theirs, std::string_view peer_name,
                                std::size_t length, std::size_t written) {
  std::size_t first = 0;
  while (first < written && ours[first] == theirs[first]) ++first;
  const std::size_t from = first - first % 16;
  const std::size_t count = std::min<std::size_t>(16, written - from);
  const std::string where = " bytes " + std::to_string(from) + "..: ";
  std::string text = std::to_string(length) + "-byte message, first difference at byte ";
  if (written != length) {
    text = std::to_string(length) + "-byte message (" + std::to_string(written) +
           " bytes of output with the tag), first difference at byte ";
  }
  text += std::to_string(first);
  text += "\n    aeskit" + where + hex(ours.subspan(from, count));
  text += "\n    " + std::string(peer_name) + where + hex(theirs.subspan(from, count));
  return text;
}

}  // namespace

std::vector<std::size_t> check_lengths(const Item& item, const std::vector<std::size_t>& sizes) {
  if (item.kind == ItemKind::setup) return {};
  if (item.kind == ItemKind::chunked) return {};  // no peer has it; its runners round-trip
  if (item.kind == ItemKind::batch) return {};    // aeskit only; open items check every tag
  std::vector<std::size_t> lengths = run_sizes(item, sizes);
  if (item.kind == ItemKind::message || item.kind == ItemKind::aead || item.kind == ItemKind::xts ||
      item.kind == ItemKind::hash || item.kind == ItemKind::tls) {
    const bool whole_blocks_only =
        item.kind == ItemKind::message && (item.mode == Mode::ecb || item.mode == Mode::cbc);
    lengths.push_back(whole_blocks_only ? kTailCheckLength - kTailCheckLength % kBlockSize
                                        : kTailCheckLength);
  }
  return lengths;
}

CrossCheck cross_check(const Item& item, Runner& ours, Runner& peer, std::string_view peer_name,
                       std::span<const std::uint8_t> in, const std::vector<std::size_t>& lengths) {
  CrossCheck result;
  std::size_t longest = 0;
  for (std::size_t length : lengths) longest = std::max(longest, output_length(item, length));
  AlignedBuffer our_out(longest);
  AlignedBuffer peer_out(longest);
  for (std::size_t length : lengths) {
    std::fill_n(our_out.span().begin(), longest, std::uint8_t{0xa5});
    std::fill_n(peer_out.span().begin(), longest, std::uint8_t{0x5a});
    std::string error;
    const std::size_t written = output_length(item, length);
    if (!ours.run(1, in.first(length), our_out.first(written), error)) {
      result.outcome = CrossCheck::Outcome::ours_failed;
      result.detail = error;
      return result;
    }
    if (!peer.run(1, in.first(length), peer_out.first(written), error)) {
      result.outcome = CrossCheck::Outcome::peer_failed;
      result.detail = error;
      return result;
    }
    if (!std::equal(our_out.span().begin(),
                    our_out.span().begin() + static_cast<std::ptrdiff_t>(written),
                    peer_out.span().begin())) {
      result.outcome = CrossCheck::Outcome::differs;
      result.detail =
          describe_difference(our_out.span(), peer_out.span(), peer_name, length, written);
      return result;
    }
  }
  return result;
}

}  // namespace aeskit::cli::speed
