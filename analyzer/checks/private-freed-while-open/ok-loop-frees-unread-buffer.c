// SPDX-License-Identifier: GPL-2.0
/*
 * The units of fire-remove-loop-helper-unit.c live in a file-scope array
 * that outlives the device; .remove puts every unit's disk through the
 * helper and then frees only a DMA bounce buffer that no fops callback
 * reads.  The freed object holds no disk and is no disk's private data.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#define UZ_UNITS 2

struct uz_unit {
	struct gendisk *disk;
	bool registered;
	int users;
};

static struct uz_unit uz_units[UZ_UNITS];
static void *uz_bounce;

static void uz_release(struct gendisk *disk)
{
	struct uz_unit *u = disk->private_data;

	u->users--;
}

static void uz_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations uz_fops = {
	.owner		= THIS_MODULE,
	.release	= uz_release,
	.submit_bio	= uz_submit_bio,
};

static void uz_cleanup_unit(struct uz_unit *u)
{
	struct gendisk *disk = u->disk;

	if (!disk)
		return;
	if (u->registered)
		del_gendisk(u->disk);
	put_disk(disk);
	u->disk = NULL;
}

static int uz_probe(struct platform_device *pdev)
{
	int i, err;

	uz_bounce = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!uz_bounce)
		return -ENOMEM;
	for (i = 0; i < UZ_UNITS; i++) {
		struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

		if (IS_ERR(disk)) {
			err = PTR_ERR(disk);
			goto out_units;
		}
		uz_units[i].disk = disk;
		disk->fops = &uz_fops;
		disk->private_data = &uz_units[i];
		snprintf(disk->disk_name, DISK_NAME_LEN, "uz%d", i);
		set_capacity(disk, 2048);
		err = add_disk(disk);
		if (err)
			goto out_units;
		uz_units[i].registered = true;
	}
	return 0;

out_units:
	for (i = 0; i < UZ_UNITS; i++)
		uz_cleanup_unit(&uz_units[i]);
	kfree(uz_bounce);
	return err;
}

static void uz_remove(struct platform_device *pdev)
{
	int i;

	for (i = 0; i < UZ_UNITS; i++)
		uz_cleanup_unit(&uz_units[i]);
	kfree(uz_bounce);
}

static struct platform_driver uz_driver = {
	.probe		= uz_probe,
	.remove_new	= uz_remove,
	.driver		= {
		.name	= "uz-disk",
	},
};
module_platform_driver(uz_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: .remove puts the units' disks, then frees a buffer that holds none
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 */
