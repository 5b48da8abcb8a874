// See uart.h. Reading the host's stdin blocks the simulation, as a terminal would; with input
// from a file or a pipe it never waits long.
#include "dev/uart.h"

#include "kasane/devices.h"

namespace kasane {

Uart::Uart(sc_core::sc_module_name name, std::FILE* out, std::FILE* err, std::FILE* in)
    : RegDevice(name, KASANE_UART_SIZE), out_(out), err_(err), in_(in) {}

void Uart::peek() {
  if (next_ == -2) next_ = in_ ? std::fgetc(in_) : EOF;
}

bool Uart::read(uint32_t offset, uint32_t& value, const sc_core::sc_time&) {
  switch (offset) {
    case KASANE_UART_STATUS:
      peek();
      value = next_ >= 0 ? KASANE_UART_STATUS_RX_READY : KASANE_UART_STATUS_RX_EOF;
      return true;
    case KASANE_UART_RX:
      peek();
      value = next_ >= 0 ? static_cast<uint32_t>(next_) : 0;
      if (next_ >= 0) next_ = -2;
      return true;
    case KASANE_UART_TX:
    case KASANE_UART_TXERR:
      value = 0;
      return true;
  }
  return false;
}

bool Uart::write(uint32_t offset, uint32_t value, const sc_core::sc_time&) {
  if (offset == KASANE_UART_TXERR) {
    std::fputc(static_cast<int>(value & 0xff), err_);
    return true;
  }
  if (offset != KASANE_UART_TX) return offset == KASANE_UART_STATUS || offset == KASANE_UART_RX;
  std::fputc(static_cast<int>(value & 0xff), out_);
  ++tx_bytes_;
  return true;
}

}  // namespace kasane
