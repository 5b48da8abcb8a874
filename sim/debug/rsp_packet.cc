// See rsp_packet.h.
#include "debug/rsp_packet.h"

namespace kasane::rsp {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

const char kDigits[] = "0123456789abcdef";

}  // namespace

void Decoder::feed(const uint8_t* data, size_t n, std::vector<Event>& out) {
  for (size_t i = 0; i < n; ++i) {
    const uint8_t b = data[i];
    switch (state_) {
      case State::kIdle:
        if (b == '$') {
          state_ = State::kBody;
          body_.clear();
          sum_ = 0;
          oversized_ = bad_digit_ = false;
        } else if (b == '+') {
          out.push_back({Event::Kind::kAck, {}});
        } else if (b == '-') {
          out.push_back({Event::Kind::kNack, {}});
        } else if (b == 0x03) {
          out.push_back({Event::Kind::kInterrupt, {}});
        }
        break;
      case State::kBody:
        if (b == '#') {
          state_ = State::kSum1;
        } else if (b == '$') {
          // A new start inside a body: the client gave up on the old packet.
          body_.clear();
          sum_ = 0;
          oversized_ = false;
        } else {
          sum_ = static_cast<uint8_t>(sum_ + b);
          if (body_.size() < kMaxPacket)
            body_.push_back(static_cast<char>(b));
          else
            oversized_ = true;  // keep counting to the '#', but store nothing more
        }
        break;
      case State::kSum1:
      case State::kSum2: {
        const int d = hex_digit(static_cast<char>(b));
        if (d < 0) bad_digit_ = true;
        got_sum_ = static_cast<uint8_t>((got_sum_ << 4) | (d < 0 ? 0 : d));
        if (state_ == State::kSum1) {
          state_ = State::kSum2;
          break;
        }
        state_ = State::kIdle;
        if (oversized_)
          out.push_back({Event::Kind::kOversized, {}});
        else if (bad_digit_ || got_sum_ != sum_)
          out.push_back({Event::Kind::kBadPacket, {}});
        else
          out.push_back({Event::Kind::kPacket, std::move(body_)});
        body_.clear();
        break;
      }
    }
  }
}

std::string frame(std::string_view payload) {
  std::string s = "$";
  uint8_t sum = 0;
  auto put = [&](char c) {
    s.push_back(c);
    sum = static_cast<uint8_t>(sum + static_cast<uint8_t>(c));
  };
  for (char c : payload) {
    if (c == '$' || c == '#' || c == '}' || c == '*') {
      put('}');
      put(static_cast<char>(c ^ 0x20));
    } else {
      put(c);
    }
  }
  s.push_back('#');
  s.push_back(kDigits[sum >> 4]);
  s.push_back(kDigits[sum & 15]);
  return s;
}

std::string to_hex(const uint8_t* data, size_t n) {
  std::string s;
  s.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    s.push_back(kDigits[data[i] >> 4]);
    s.push_back(kDigits[data[i] & 15]);
  }
  return s;
}

std::string to_hex(std::string_view bytes) {
  return to_hex(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

std::optional<uint32_t> parse_u32(std::string_view hex) {
  if (hex.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : hex) {
    const int d = hex_digit(c);
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
    if (v > 0xffffffffu) return std::nullopt;
  }
  return static_cast<uint32_t>(v);
}

std::optional<std::vector<uint8_t>> from_hex(std::string_view hex) {
  if (hex.size() % 2) return std::nullopt;
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    const int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<uint8_t>(hi << 4 | lo);
  }
  return out;
}

std::optional<std::vector<uint8_t>> unescape_binary(std::string_view data) {
  std::vector<uint8_t> out;
  out.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] != '}') {
      out.push_back(static_cast<uint8_t>(data[i]));
      continue;
    }
    if (++i == data.size()) return std::nullopt;
    out.push_back(static_cast<uint8_t>(data[i] ^ 0x20));
  }
  return out;
}

std::string le32_hex(uint32_t v) {
  const uint8_t b[4] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8),
                        static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24)};
  return to_hex(b, 4);
}

std::optional<uint32_t> parse_le32_hex(std::string_view hex) {
  if (hex.size() != 8) return std::nullopt;
  auto bytes = from_hex(hex);
  if (!bytes) return std::nullopt;
  const std::vector<uint8_t>& b = *bytes;
  return static_cast<uint32_t>(b[0]) | static_cast<uint32_t>(b[1]) << 8 |
         static_cast<uint32_t>(b[2]) << 16 | static_cast<uint32_t>(b[3]) << 24;
}

std::optional<AddrLen> parse_addr_len(std::string_view s) {
  const size_t comma = s.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto addr = parse_u32(s.substr(0, comma));
  auto len = parse_u32(s.substr(comma + 1));
  if (!addr || !len) return std::nullopt;
  return AddrLen{*addr, *len};
}

}  // namespace kasane::rsp
