/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: include the trace header TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE names. */
#define __gdstub_str1(x...) #x
#define __gdstub_str(x...) __gdstub_str1(x)
#define TRACE_INCLUDE(system) __gdstub_str(TRACE_INCLUDE_PATH/system.h)
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)
