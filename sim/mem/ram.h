// RAM as a TLM-2.0 target, allocated lazily one 4 KiB page at a time: a machine configured with
// 2 GiB costs host memory only for the pages the guest touches. Cores reach it through DMI, one
// page per grant, and touch host memory directly; b_transport serves everyone else.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "mem/page.h"

namespace kasane {

// Where RAM appears in the physical address space: physical [base, base + size) is RAM offset
// [offset, offset + size). The platform maps RAM around the device window with one or two.
struct RamWindow {
  uint64_t base, size, offset;
};

class Ram : public sc_core::sc_module {
 public:
  static constexpr uint32_t kPageSize = kPageBytes;

  tlm_utils::simple_target_socket<Ram> socket;

  Ram(sc_core::sc_module_name name, uint64_t size);

  uint64_t size() const { return size_; }
  // Host memory of the page holding `offset` (allocated zeroed on first use).
  uint8_t* page(uint32_t offset);
  // The same without allocating: nullptr if nothing touched the page yet (it reads as zeros).
  const uint8_t* touched_page(uint32_t offset) const { return pages_[offset / kPageSize].get(); }
  // Copy into RAM, for loaders.
  void write(uint32_t offset, const uint8_t* data, size_t len);
  // Pages touched so far (for the host-memory report).
  size_t pages_allocated() const { return allocated_; }

 private:
  void b_transport(tlm::tlm_generic_payload& tx, sc_core::sc_time& delay);
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& tx, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(tlm::tlm_generic_payload& tx);

  uint64_t size_;
  std::vector<std::unique_ptr<uint8_t[]>> pages_;
  size_t allocated_ = 0;
};

}  // namespace kasane
