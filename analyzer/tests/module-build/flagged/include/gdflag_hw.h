/* SPDX-License-Identifier: GPL-2.0 */
#ifndef GDFLAG_HW_H
#define GDFLAG_HW_H

#define GDFLAG_SECTOR_SIZE	512
#define GDFLAG_SECTORS		(1U << 16)

#endif
