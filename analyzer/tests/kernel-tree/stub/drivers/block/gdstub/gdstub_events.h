/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: the events define_trace.h includes again by name. */
void gdstub_trace_probe(int minors);
