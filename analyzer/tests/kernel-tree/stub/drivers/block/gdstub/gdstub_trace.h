/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: a trace header found through TRACE_INCLUDE_PATH "." and -I$(src). */
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE gdstub_events
#include <trace/define_trace.h>
