// See ipi.h.
#include "dev/ipi.h"

#include "kasane/devices.h"

namespace kasane {

Ipi::Ipi(sc_core::sc_module_name name, DeviceHost& machine)
    : RegDevice(name, KASANE_IPI_SIZE), machine_(machine) {}

bool Ipi::read(uint32_t offset, uint32_t& value, const sc_core::sc_time&) {
  if (offset != KASANE_IPI_PENDING) return false;
  value = pending_;
  return true;
}

bool Ipi::write(uint32_t offset, uint32_t value, const sc_core::sc_time&) {
  if (offset != KASANE_IPI_RAISE && offset != KASANE_IPI_CLEAR) return false;
  if (value >= machine_.num_contexts()) return true;  // no such context: nothing to drive
  const bool up = offset == KASANE_IPI_RAISE;
  const uint32_t bit = 1u << value;
  if (up == ((pending_ & bit) != 0)) return true;  // the line is already there
  pending_ = up ? pending_ | bit : pending_ & ~bit;
  if (up) ++raised_;
  machine_.set_irq(value, KASANE_IPI_IRQ_LINE, up);
  return true;
}

}  // namespace kasane
