/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: the config, as the kernel's kconfig.h pulls it in. */
#include <generated/autoconf.h>
