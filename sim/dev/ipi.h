// The inter-processor interrupt device: one level-triggered line per hardware context of the
// machine, raised and cleared by any context through two registers (include/kasane/devices.h).
// It is how one core gets another's attention: the line drives the target context's Cause.IP3,
// which wakes it from WAIT, a suspension or MWAIT like any interrupt.
#pragma once

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

#include "dev/device_host.h"
#include "dev/reg_device.h"

namespace kasane {

class Ipi : public RegDevice {
 public:
  // The lines go to the contexts of `machine`, by global number.
  Ipi(sc_core::sc_module_name name, DeviceHost& machine);
  uint32_t pending() const { return pending_; }
  uint64_t raised() const { return raised_; }  // RAISE writes that raised a line
  // A checkpoint of its registers and what it holds (dev/dev_checkpoint.cc); restore_state
  // throws std::invalid_argument or a JSON error on a state it cannot take.
  nlohmann::json save_state() const;
  void restore_state(const nlohmann::json& state);

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  DeviceHost& machine_;
  uint32_t pending_ = 0;  // bit N: context N's line is up
  uint64_t raised_ = 0;
};

}  // namespace kasane
