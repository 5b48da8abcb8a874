// See core.h.
#include "core/core.h"

#include <algorithm>

namespace kasane {

Core::Core(sc_core::sc_module_name name, const IssConfig& cfg, sc_core::sc_time period,
           uint64_t quantum, uint64_t max_cycles)
    : sc_module(name),
      bus("bus"),
      iss_(cfg, *this),
      period_(period),
      quantum_(quantum),
      max_cycles_(max_cycles) {
  SC_HAS_PROCESS(Core);
  SC_THREAD(thread);
}

void Core::thread() {
  for (;;) {
    uint64_t budget = quantum_;
    if (max_cycles_) budget = std::min(budget, max_cycles_ - iss_.cycle());
    iss_.run(budget);
    wait(period_ * static_cast<double>(iss_.cycle() - synced_cycle_));
    synced_cycle_ = iss_.cycle();
    if (iss_.stop_requested()) {
      stop_ = iss_.deadlocked() ? Stop::kDeadlock : Stop::kGuest;
      break;
    }
    if (max_cycles_ && iss_.cycle() >= max_cycles_) {
      stop_ = Stop::kMaxCycles;
      break;
    }
  }
  sc_core::sc_stop();
}

uint8_t* Core::ram_page(uint32_t ppn) {
  auto it = dmi_.find(ppn);
  if (it != dmi_.end()) return it->second;
  tlm::tlm_generic_payload tx;
  tlm::tlm_dmi dmi;
  tx.set_address(static_cast<uint64_t>(ppn) << 12);
  tx.set_command(tlm::TLM_READ_COMMAND);
  uint8_t* page = nullptr;
  if (bus->get_direct_mem_ptr(tx, dmi) && dmi.is_read_write_allowed() &&
      dmi.get_start_address() == tx.get_address() && dmi.get_end_address() >= tx.get_address() + 4095)
    page = dmi.get_dmi_ptr();
  dmi_[ppn] = page;
  return page;
}

bool Core::io(uint32_t pa, unsigned size, bool write, uint32_t& data) {
  tlm::tlm_generic_payload tx;
  tx.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  tx.set_address(pa);
  tx.set_data_ptr(reinterpret_cast<unsigned char*>(&data));
  tx.set_data_length(size);
  tx.set_streaming_width(size);
  tx.set_byte_enable_ptr(nullptr);
  tx.set_dmi_allowed(false);
  tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = period_ * static_cast<double>(iss_.cycle() - synced_cycle_);
  bus->b_transport(tx, delay);
  return tx.is_response_ok();
}

}  // namespace kasane
