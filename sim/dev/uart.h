// The console UART: TX bytes go to the simulator's standard output, TXERR bytes to its standard
// error, RX bytes come from its standard input. Register layout in include/kasane/devices.h.
#pragma once

#include <cstdio>

#include <nlohmann/json_fwd.hpp>

#include "dev/guest_error.h"
#include "dev/reg_device.h"

namespace kasane {

class Uart : public RegDevice {
 public:
  // More than `max_output` bytes written (0: no limit) is a console flood: reported to `errors`.
  Uart(sc_core::sc_module_name name, std::FILE* out, std::FILE* err, std::FILE* in,
       uint64_t max_output, GuestError& errors);
  // A checkpoint of its registers and what it holds (dev/dev_checkpoint.cc); restore_state
  // throws std::invalid_argument or a JSON error on a state it cannot take.
  nlohmann::json save_state() const;
  void restore_state(const nlohmann::json& state);

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  // Fill the one-byte lookahead; the guest polls STATUS before reading RX.
  void peek();

  std::FILE* out_;
  std::FILE* err_;
  std::FILE* in_;
  uint64_t max_output_;
  GuestError& errors_;
  void emit(std::FILE* f, uint32_t value);
  int next_ = -2;  // -2: not read yet, -1 (EOF): input ended, else the waiting byte
  uint64_t tx_bytes_ = 0;
};

}  // namespace kasane
