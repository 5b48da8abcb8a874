// A core as a SystemC module: one clocked process runs the core's model for a quantum of cycles
// at a time (TLM-2.0 temporal decoupling), reaching RAM through per-page DMI pointers and the
// devices through blocking transport with the core's local time annotated.
#pragma once

#include <cstdint>
#include <unordered_map>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "core/iss.h"

namespace kasane {

class Core : public sc_core::sc_module, public PhysMemory {
 public:
  enum class Stop { kNone, kGuest, kDeadlock, kMaxCycles };

  tlm_utils::simple_initiator_socket<Core> bus;

  // `max_cycles` = 0 means no limit.
  Core(sc_core::sc_module_name name, const IssConfig& cfg, sc_core::sc_time period,
       uint64_t quantum, uint64_t max_cycles);

  Iss& iss() { return iss_; }
  const Iss& iss() const { return iss_; }
  Stop stop_reason() const { return stop_; }

  uint8_t* ram_page(uint32_t ppn) override;
  bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) override;

 private:
  void thread();

  Iss iss_;
  sc_core::sc_time period_;
  uint64_t quantum_, max_cycles_;
  uint64_t synced_cycle_ = 0;  // iss_.cycle() at the last wait(): SystemC time in cycles
  Stop stop_ = Stop::kNone;
  std::unordered_map<uint32_t, uint8_t*> dmi_;  // ppn -> host page, nullptr if not RAM
};

}  // namespace kasane
