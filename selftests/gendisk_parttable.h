/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Partition tables written from scratch: an MBR (DOS) table and a GPT
 * (protective MBR, primary and backup header and entry array, CRC32s),
 * in units of the disk's logical block, as the kernel's parsers
 * (block/partitions/msdos.c, efi.c) read them.  Also their removal.
 */
#ifndef GENDISK_PARTTABLE_H
#define GENDISK_PARTTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GD_PARTS_MAX 4		/* the MBR's four primary slots */

/* One partition in bytes; both multiples of the logical block size. */
struct gd_part {
	uint64_t start;
	uint64_t len;
};

/* CRC-32 as GPT uses it (IEEE 802.3, reflected, init and xor ~0). */
uint32_t gd_crc32(const void *buf, size_t len);

/*
 * Write an MBR with @n primary Linux partitions (type 0x83) to the disk
 * open in @fd (@disk_bytes long, @lbs-byte logical blocks), then fsync.
 * Returns 0 or a negative errno.
 */
int gd_parttable_write_mbr(int fd, uint64_t disk_bytes, unsigned int lbs,
			   const struct gd_part *parts, unsigned int n);

/* The same as a GPT of 128 entries, @n of them Linux filesystem data. */
int gd_parttable_write_gpt(int fd, uint64_t disk_bytes, unsigned int lbs,
			   const struct gd_part *parts, unsigned int n);

/*
 * Zero the blocks both kinds of table use (the first and the last
 * 64 KiB, at least 34 logical blocks each), then fsync.
 */
int gd_parttable_wipe(int fd, uint64_t disk_bytes, unsigned int lbs);

/*
 * Layout of @n (<= GD_PARTS_MAX) partitions of different sizes in a disk
 * of @disk_bytes, aligned to @lbs, clear of both GPT areas.  Returns
 * false when the disk is too small for it.
 */
bool gd_parttable_layout(uint64_t disk_bytes, unsigned int lbs,
			 struct gd_part *parts, unsigned int n);

/* The smallest disk gd_parttable_layout() has a layout for (1 MiB). */
uint64_t gd_parttable_min_bytes(unsigned int lbs);

/*
 * Name of partition @partno of @disk as the kernel forms it: "sda1",
 * but "nullb0p1" after a disk name that ends in a digit.
 */
void gd_part_name(const char *disk, unsigned int partno, char *out,
		  size_t len);

#endif /* GENDISK_PARTTABLE_H */
