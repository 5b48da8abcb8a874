// See reg_device.h.
#include "dev/reg_device.h"

#include <cstring>

namespace kasane {

RegDevice::RegDevice(sc_core::sc_module_name name, uint32_t size)
    : sc_module(name), socket("socket"), size_(size) {
  socket.register_b_transport(this, &RegDevice::b_transport);
}

void RegDevice::b_transport(tlm::tlm_generic_payload& tx, sc_core::sc_time& delay) {
  uint64_t offset = tx.get_address();
  unsigned len = tx.get_data_length();
  // Byte and halfword accesses reach the low bytes of a register (the UART's TX takes `sb`).
  if (offset >= size_ || len > 4 || (offset & 3) + len > 4) {
    tx.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  const sc_core::sc_time when = sc_core::sc_time_stamp() + delay;
  uint32_t reg = static_cast<uint32_t>(offset & ~3ull), shift = (offset & 3) * 8, value = 0;
  bool ok;
  if (tx.is_write()) {
    std::memcpy(&value, tx.get_data_ptr(), len);
    ok = write(reg, value << shift, when);
  } else {
    ok = read(reg, value, when);
    value >>= shift;
    std::memcpy(tx.get_data_ptr(), &value, len);
  }
  tx.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

}  // namespace kasane
