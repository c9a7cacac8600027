/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: the driver's private header, found through its ccflags-y -I. */
struct gdstub_dev {
	struct gendisk *disk;
};
