// Lazy RAM: see ram.h.
#include "mem/ram.h"

#include <cstring>

namespace kasane {

Ram::Ram(sc_core::sc_module_name name, uint64_t size)
    : sc_module(name), socket("socket"), size_(size), pages_((size + kPageSize - 1) / kPageSize) {
  socket.register_b_transport(this, &Ram::b_transport);
  socket.register_get_direct_mem_ptr(this, &Ram::get_direct_mem_ptr);
  socket.register_transport_dbg(this, &Ram::transport_dbg);
}

uint8_t* Ram::page(uint32_t offset) {
  auto& p = pages_[offset / kPageSize];
  if (!p) {
    p.reset(new uint8_t[kPageSize]());
    ++allocated_;
  }
  return p.get();
}

void Ram::write(uint32_t offset, const uint8_t* data, size_t len) {
  while (len) {
    uint32_t in_page = offset % kPageSize;
    size_t n = std::min<size_t>(len, kPageSize - in_page);
    std::memcpy(page(offset) + in_page, data, n);
    offset += n;
    data += n;
    len -= n;
  }
}

// Bus accesses never cross a page: they are at most a word and naturally aligned.
void Ram::b_transport(tlm::tlm_generic_payload& tx, sc_core::sc_time&) {
  uint64_t addr = tx.get_address();
  unsigned len = tx.get_data_length();
  if (addr + len > size_ || (addr % kPageSize) + len > kPageSize) {
    tx.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  uint8_t* p = page(addr) + addr % kPageSize;
  if (tx.is_write())
    std::memcpy(p, tx.get_data_ptr(), len);
  else
    std::memcpy(tx.get_data_ptr(), p, len);
  tx.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned Ram::transport_dbg(tlm::tlm_generic_payload& tx) {
  sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
  b_transport(tx, zero);
  return tx.is_response_ok() ? tx.get_data_length() : 0;
}

// Grant exactly the page that holds the address, so that granting allocates only that page.
bool Ram::get_direct_mem_ptr(tlm::tlm_generic_payload& tx, tlm::tlm_dmi& dmi) {
  uint64_t addr = tx.get_address();
  if (addr >= size_) return false;
  uint64_t base = addr - addr % kPageSize;
  dmi.set_dmi_ptr(page(addr));
  dmi.set_start_address(base);
  dmi.set_end_address(base + kPageSize - 1);
  dmi.allow_read_write();
  dmi.set_read_latency(sc_core::SC_ZERO_TIME);
  dmi.set_write_latency(sc_core::SC_ZERO_TIME);
  return true;
}

}  // namespace kasane
