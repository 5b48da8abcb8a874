// The GDB remote serial protocol's framing, without sockets: a byte-at-a-time decoder that turns
// what the client sends into packets, acks and interrupts (checksums checked, a size cap kept),
// the framing of replies, and the hex and number parsing every command needs. Kept apart from
// the stub so that a test and a fuzzer can feed it any bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kasane::rsp {

// The largest packet payload the stub accepts and announces (qSupported PacketSize).
constexpr size_t kMaxPacket = 0x4000;

struct Event {
  enum class Kind {
    kPacket,     // a well-formed packet: payload holds its body, escapes left in
    kBadPacket,  // a bad checksum or a non-hex checksum digit: the client should resend
    kOversized,  // a body longer than kMaxPacket, dropped
    kAck,        // '+'
    kNack,       // '-': resend the last reply
    kInterrupt,  // 0x03 outside a packet: stop the target
  };
  Kind kind;
  std::string payload;
};

// Bytes in, events out. Anything outside a packet other than '+', '-' and 0x03 is ignored (GDB
// may send noise when it starts), so no input can make the decoder stall or grow without bound.
class Decoder {
 public:
  // Feeds `n` bytes; complete events are appended to `out`.
  void feed(const uint8_t* data, size_t n, std::vector<Event>& out);

 private:
  enum class State { kIdle, kBody, kSum1, kSum2 };
  State state_ = State::kIdle;
  std::string body_;
  bool oversized_ = false;
  uint8_t sum_ = 0;      // running checksum of the body
  uint8_t got_sum_ = 0;  // the checksum the client sent
  bool bad_digit_ = false;
};

// "$payload#cs", with '$', '#', '}' and '*' escaped ('}' then the byte xor 0x20).
std::string frame(std::string_view payload);

// Hex helpers. Parsers reject empty input, non-hex digits and values that do not fit.
std::string to_hex(const uint8_t* data, size_t n);
std::string to_hex(std::string_view bytes);
std::optional<uint32_t> parse_u32(std::string_view hex);
// Whole hex string to bytes; nullopt for an odd length or a non-hex digit.
std::optional<std::vector<uint8_t>> from_hex(std::string_view hex);
// The binary data of an X packet with its '}' escapes undone; nullopt if it ends in a lone '}'.
std::optional<std::vector<uint8_t>> unescape_binary(std::string_view data);
// A 32-bit value as 8 hex digits in target (little-endian) byte order, and back.
std::string le32_hex(uint32_t v);
std::optional<uint32_t> parse_le32_hex(std::string_view hex);

// "ADDR,LEN" (m, and the front of M, X, Z): both hex; nullopt if malformed.
struct AddrLen {
  uint32_t addr, len;
};
std::optional<AddrLen> parse_addr_len(std::string_view s);

}  // namespace kasane::rsp
