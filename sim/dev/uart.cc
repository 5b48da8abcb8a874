// See uart.h. Reading the host's stdin blocks the simulation, as a terminal would; with input
// from a file or a pipe it never waits long.
#include "dev/uart.h"

#include "kasane/devices.h"
#include "platform/exit_status.h"

namespace kasane {

Uart::Uart(sc_core::sc_module_name name, std::FILE* out, std::FILE* err, std::FILE* in,
           uint64_t max_output, GuestError& errors)
    : RegDevice(name, KASANE_UART_SIZE),
      out_(out),
      err_(err),
      in_(in),
      max_output_(max_output),
      errors_(errors) {}

void Uart::emit(std::FILE* f, uint32_t value) {
  if (max_output_ && tx_bytes_ >= max_output_) {
    errors_.report(exit_status::kConsoleFlood,
                   "the guest wrote more than " + std::to_string(max_output_) +
                       " bytes to the console (uart.max_output); the rest is dropped");
    return;
  }
  std::fputc(static_cast<int>(value & 0xff), f);
  ++tx_bytes_;
}

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
  if (offset == KASANE_UART_TXERR || offset == KASANE_UART_TX) {
    emit(offset == KASANE_UART_TX ? out_ : err_, value);
    return true;
  }
  return offset == KASANE_UART_STATUS || offset == KASANE_UART_RX;
}

}  // namespace kasane
