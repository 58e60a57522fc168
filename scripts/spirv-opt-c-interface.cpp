// The optimiser's C interface (spvOptimizerCreate ... spvOptimizerRun) for Debian's
// SPIRV-Tools 2023.1, whose archives have only the C++ `spvtools::Optimizer`: later
// releases declare these functions in libspirv.h and ship them in libSPIRV-Tools-opt;
// this file gives Debian's the same ones, over the same C++ calls spirv-opt makes, so
// that shadersmith/targets/spirv_tools_library.py binds both toolsets alike.
// Linked into .venv/native/libspirv-tools-debian.so by scripts/build-spirv-tools-library.sh.

#include <cstring>
#include <string>
#include <vector>

#include "spirv-tools/libspirv.h"
#include "spirv-tools/optimizer.hpp"

extern "C" {

struct spv_optimizer_t;  // opaque: a spvtools::Optimizer

typedef void (*spv_message_consumer)(spv_message_level_t, const char*,
                                     const spv_position_t*, const char*);

static spvtools::Optimizer* optimizer_of(spv_optimizer_t* optimizer) {
  return reinterpret_cast<spvtools::Optimizer*>(optimizer);
}

SPIRV_TOOLS_EXPORT spv_optimizer_t* spvOptimizerCreate(spv_target_env env) {
  return reinterpret_cast<spv_optimizer_t*>(new spvtools::Optimizer(env));
}

SPIRV_TOOLS_EXPORT void spvOptimizerDestroy(spv_optimizer_t* optimizer) {
  delete optimizer_of(optimizer);
}

SPIRV_TOOLS_EXPORT void spvOptimizerSetMessageConsumer(
    spv_optimizer_t* optimizer, spv_message_consumer consumer) {
  optimizer_of(optimizer)->SetMessageConsumer(
      [consumer](spv_message_level_t level, const char* source,
                 const spv_position_t& position, const char* message) {
        consumer(level, source, &position, message);
      });
}

SPIRV_TOOLS_EXPORT bool spvOptimizerRegisterPassFromFlag(
    spv_optimizer_t* optimizer, const char* flag) {
  return optimizer_of(optimizer)->RegisterPassFromFlag(flag);
}

SPIRV_TOOLS_EXPORT bool spvOptimizerRegisterPassesFromFlags(
    spv_optimizer_t* optimizer, const char** flags, const size_t flag_count) {
  std::vector<std::string> given(flags, flags + flag_count);
  return optimizer_of(optimizer)->RegisterPassesFromFlags(given);
}

SPIRV_TOOLS_EXPORT spv_result_t spvOptimizerRun(
    spv_optimizer_t* optimizer, const uint32_t* binary, const size_t word_count,
    spv_binary* optimized_binary, const spv_optimizer_options options) {
  std::vector<uint32_t> optimized;
  if (!optimizer_of(optimizer)->Run(binary, word_count, &optimized, options)) {
    return SPV_ERROR_INTERNAL;
  }
  // Freed by spvBinaryDestroy (delete[] code, delete binary).
  spv_binary result = new spv_binary_t();
  result->code = new uint32_t[optimized.size()];
  result->wordCount = optimized.size();
  std::memcpy(result->code, optimized.data(), optimized.size() * sizeof(uint32_t));
  *optimized_binary = result;
  return SPV_SUCCESS;
}

}  // extern "C"
