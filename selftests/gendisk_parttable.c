// SPDX-License-Identifier: GPL-2.0
/*
 * MBR and GPT partition tables built byte by byte; see gendisk_parttable.h.
 * Every multi-byte field is stored little-endian explicitly, so the tables
 * do not depend on the build host's byte order or structure padding.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_blockio.h"
#include "gendisk_parttable.h"

#define MBR_SIG_OFFSET 510
#define MBR_PART_OFFSET 446
#define MBR_PART_SIZE 16
#define MBR_TYPE_LINUX 0x83
#define MBR_TYPE_GPT_PROTECTIVE 0xee

#define GPT_HEADER_SIZE 92
#define GPT_ENTRIES 128
#define GPT_ENTRY_SIZE 128
#define GPT_ENTRY_BYTES (GPT_ENTRIES * GPT_ENTRY_SIZE)
#define GPT_WIPE_BYTES (64 * 1024)

/* 0FC63DAF-8483-4772-8E79-3D69D8477DE4, in GPT's mixed-endian layout. */
static const uint8_t gpt_linux_data_guid[16] = {
	0xaf, 0x3d, 0xc6, 0x0f, 0x83, 0x84, 0x72, 0x47,
	0x8e, 0x79, 0x3d, 0x69, 0xd8, 0x47, 0x7d, 0xe4,
};

static void put_le32(uint8_t *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put_le64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

uint32_t gd_crc32(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t crc = 0xffffffff;
	int k;

	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320 & -(crc & 1));
	}
	return ~crc;
}

/* One MBR slot with LBA addressing only (CHS fields say "use LBA"). */
static void mbr_slot(uint8_t *sector, unsigned int slot, uint8_t type,
		     uint64_t first_lba, uint64_t nr_lbas)
{
	uint8_t *e = sector + MBR_PART_OFFSET + slot * MBR_PART_SIZE;

	e[0] = 0;			/* not bootable */
	e[1] = 0xfe;			/* CHS start: out of range */
	e[2] = 0xff;
	e[3] = 0xff;
	e[4] = type;
	e[5] = 0xfe;			/* CHS end: out of range */
	e[6] = 0xff;
	e[7] = 0xff;
	put_le32(e + 8, first_lba);
	put_le32(e + 12, nr_lbas > 0xffffffff ? 0xffffffff : nr_lbas);
}

static void mbr_signature(uint8_t *sector)
{
	sector[MBR_SIG_OFFSET] = 0x55;
	sector[MBR_SIG_OFFSET + 1] = 0xaa;
}

static int write_and_sync(int fd, const void *buf, size_t len, off_t off)
{
	int ret = gd_pwrite_all(fd, buf, len, off);

	if (ret)
		return ret;
	return fsync(fd) ? -errno : 0;
}

int gd_parttable_write_mbr(int fd, uint64_t disk_bytes, unsigned int lbs,
			   const struct gd_part *parts, unsigned int n)
{
	uint8_t *sector;
	unsigned int i;
	int ret;

	if (n > GD_PARTS_MAX || lbs < 512 || disk_bytes < lbs)
		return -EINVAL;
	sector = gd_io_alloc(lbs);
	if (!sector)
		return -ENOMEM;
	memset(sector, 0, lbs);
	for (i = 0; i < n; i++)
		mbr_slot(sector, i, MBR_TYPE_LINUX, parts[i].start / lbs,
			 parts[i].len / lbs);
	mbr_signature(sector);
	ret = write_and_sync(fd, sector, lbs, 0);
	free(sector);
	return ret;
}

/* A GPT header at @my_lba whose other copy is at @alt_lba. */
static void gpt_header(uint8_t *h, uint64_t my_lba, uint64_t alt_lba,
		       uint64_t first_usable, uint64_t last_usable,
		       uint64_t entries_lba, uint32_t entries_crc)
{
	static const uint8_t disk_guid[16] = {
		0x67, 0x64, 0x63, 0x2d, 0x74, 0x65, 0x73, 0x74,
		0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	};

	memset(h, 0, GPT_HEADER_SIZE);
	memcpy(h, "EFI PART", 8);
	put_le32(h + 8, 0x00010000);		/* revision 1.0 */
	put_le32(h + 12, GPT_HEADER_SIZE);
	/* h + 16: header CRC, computed last with the field zero */
	put_le64(h + 24, my_lba);
	put_le64(h + 32, alt_lba);
	put_le64(h + 40, first_usable);
	put_le64(h + 48, last_usable);
	memcpy(h + 56, disk_guid, sizeof(disk_guid));
	put_le64(h + 72, entries_lba);
	put_le32(h + 80, GPT_ENTRIES);
	put_le32(h + 84, GPT_ENTRY_SIZE);
	put_le32(h + 88, entries_crc);
	put_le32(h + 16, gd_crc32(h, GPT_HEADER_SIZE));
}

static void gpt_entry(uint8_t *e, unsigned int index, uint64_t first_lba,
		      uint64_t last_lba)
{
	char name[16];
	int i, len;

	memcpy(e, gpt_linux_data_guid, 16);
	/* A unique GUID per entry: any value not all zero will do. */
	memset(e + 16, 0x5a, 16);
	e[16] = index + 1;
	put_le64(e + 32, first_lba);
	put_le64(e + 40, last_lba);
	put_le64(e + 48, 0);
	len = snprintf(name, sizeof(name), "gdc-part%u", index + 1);
	for (i = 0; i < len; i++)		/* UTF-16LE, ASCII only */
		e[56 + 2 * i] = name[i];
}

int gd_parttable_write_gpt(int fd, uint64_t disk_bytes, unsigned int lbs,
			   const struct gd_part *parts, unsigned int n)
{
	const uint64_t entry_lbas = (GPT_ENTRY_BYTES + lbs - 1) / lbs;
	const size_t entry_len = entry_lbas * lbs;
	uint64_t last_lba, first_usable, last_usable;
	uint8_t *pmbr, *entries, *hdr;
	uint32_t entries_crc;
	unsigned int i;
	int ret = -ENOMEM;

	if (n > GD_PARTS_MAX || lbs < GPT_HEADER_SIZE || disk_bytes / lbs <
	    2 * entry_lbas + 4)
		return -EINVAL;
	last_lba = disk_bytes / lbs - 1;
	first_usable = 2 + entry_lbas;
	last_usable = last_lba - entry_lbas - 1;

	pmbr = gd_io_alloc(lbs);
	hdr = gd_io_alloc(lbs);
	entries = gd_io_alloc(entry_len);
	if (!pmbr || !hdr || !entries)
		goto out;
	memset(pmbr, 0, lbs);
	/* The protective MBR covers the whole disk after LBA 0. */
	mbr_slot(pmbr, 0, MBR_TYPE_GPT_PROTECTIVE, 1, last_lba);
	mbr_signature(pmbr);
	memset(entries, 0, entry_len);
	for (i = 0; i < n; i++)
		gpt_entry(entries + i * GPT_ENTRY_SIZE, i, parts[i].start / lbs,
			  (parts[i].start + parts[i].len) / lbs - 1);
	entries_crc = gd_crc32(entries, GPT_ENTRY_BYTES);

	ret = gd_pwrite_all(fd, pmbr, lbs, 0);
	/* Primary: header at LBA 1, entries from LBA 2. */
	memset(hdr, 0, lbs);
	gpt_header(hdr, 1, last_lba, first_usable, last_usable, 2,
		   entries_crc);
	if (!ret)
		ret = gd_pwrite_all(fd, hdr, lbs, lbs);
	if (!ret)
		ret = gd_pwrite_all(fd, entries, entry_len, 2 * lbs);
	/* Backup: entries just before the last LBA, header in it. */
	gpt_header(hdr, last_lba, 1, first_usable, last_usable,
		   last_lba - entry_lbas, entries_crc);
	if (!ret)
		ret = gd_pwrite_all(fd, entries, entry_len,
				    (last_lba - entry_lbas) * lbs);
	if (!ret)
		ret = write_and_sync(fd, hdr, lbs, last_lba * lbs);
out:
	free(pmbr);
	free(hdr);
	free(entries);
	return ret;
}

int gd_parttable_wipe(int fd, uint64_t disk_bytes, unsigned int lbs)
{
	uint64_t len = GPT_WIPE_BYTES;
	void *zero;
	int ret;

	if (len < 34ULL * lbs)
		len = 34ULL * lbs;
	if (len > disk_bytes)
		len = disk_bytes;
	zero = gd_io_alloc(len);
	if (!zero)
		return -ENOMEM;
	memset(zero, 0, len);
	ret = gd_pwrite_all(fd, zero, len, 0);
	if (!ret)
		ret = write_and_sync(fd, zero, len, disk_bytes - len);
	free(zero);
	return ret;
}

bool gd_parttable_layout(uint64_t disk_bytes, unsigned int lbs,
			 struct gd_part *parts, unsigned int n)
{
	/* Units of 1/16 of the disk, aligned for O_DIRECT of any lbs. */
	const uint64_t align = lbs > 4096 ? lbs : 4096;
	const uint64_t u = disk_bytes / 16 / align * align;
	const uint64_t half = u / 2 / align * align;
	/* Different sizes, p1 and p2 adjacent, a gap before p4. */
	const struct gd_part layout[GD_PARTS_MAX] = {
		{ u, 2 * u },
		{ 3 * u, 4 * u },
		{ 7 * u, 3 * u },
		{ 11 * u, u + half },
	};

	if (n > GD_PARTS_MAX || u < GPT_WIPE_BYTES || !half)
		return false;
	memcpy(parts, layout, n * sizeof(*parts));
	return true;
}

uint64_t gd_parttable_min_bytes(unsigned int lbs)
{
	const uint64_t align = lbs > 4096 ? lbs : 4096;
	uint64_t u = (GPT_WIPE_BYTES + align - 1) / align * align;

	if (u < 2 * align)
		u = 2 * align;
	return 16 * u;
}

void gd_part_name(const char *disk, unsigned int partno, char *out,
		  size_t len)
{
	size_t n = strlen(disk);
	bool digit = n && disk[n - 1] >= '0' && disk[n - 1] <= '9';

	snprintf(out, len, "%s%s%u", disk, digit ? "p" : "", partno);
}
