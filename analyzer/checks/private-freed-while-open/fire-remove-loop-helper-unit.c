// SPDX-License-Identifier: GPL-2.0
/*
 * One platform device drives an array of units, each with its own disk
 * whose private_data is the unit inside the host structure.  .remove
 * tears every unit down through a helper (which deletes the disk only
 * when a flag says it was registered, then puts it) and then frees the
 * host: the units' disks came from the probe, an opener of any of them
 * still calls ->release on a unit inside the freed host.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#define UX_UNITS 2

struct ux_host;

struct ux_unit {
	struct ux_host *host;
	struct gendisk *disk;
	bool registered;
	int users;
};

struct ux_host {
	struct ux_unit unit[UX_UNITS];
	int count;
};

static void ux_release(struct gendisk *disk)
{
	struct ux_unit *u = disk->private_data;

	u->users--;
}

static void ux_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ux_fops = {
	.owner		= THIS_MODULE,
	.release	= ux_release,
	.submit_bio	= ux_submit_bio,
};

static void ux_cleanup_unit(struct ux_unit *u)
{
	struct gendisk *disk = u->disk;

	if (!disk)
		return;
	if (u->registered)
		del_gendisk(u->disk);
	put_disk(disk);
}

static int ux_probe(struct platform_device *pdev)
{
	struct ux_host *host;
	int i, err;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	for (i = 0; i < UX_UNITS; i++) {
		struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

		if (IS_ERR(disk)) {
			err = PTR_ERR(disk);
			goto out_units;
		}
		host->unit[i].host = host;
		host->unit[i].disk = disk;
		disk->fops = &ux_fops;
		disk->private_data = &host->unit[i];
		snprintf(disk->disk_name, DISK_NAME_LEN, "ux%d", i);
		set_capacity(disk, 2048);
		err = add_disk(disk);
		if (err)
			goto out_units;
		host->unit[i].registered = true;
		host->count = i + 1;
	}
	platform_set_drvdata(pdev, host);
	return 0;

out_units:
	for (i = 0; i < UX_UNITS; i++)
		ux_cleanup_unit(&host->unit[i]);
	kfree(host);
	return err;
}

static void ux_remove(struct platform_device *pdev)
{
	struct ux_host *host = platform_get_drvdata(pdev);
	int i;

	for (i = 0; i < host->count; i++)
		ux_cleanup_unit(&host->unit[i]);
	kfree(host);
}

static struct platform_driver ux_driver = {
	.probe		= ux_probe,
	.remove_new	= ux_remove,
	.driver		= {
		.name	= "ux-disk",
	},
};
module_platform_driver(ux_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: .remove puts every unit's disk through a helper, then frees the host
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 *
 * check-output-start
fire-remove-loop-helper-unit.c:104:2: warning: 'host' freed after put_disk(host->unit[].disk) while the disk may still be open: ux_fops's .release (ux_release) reads disk->private_data later; free it from ->free_disk [private-freed-while-open]
fire-remove-loop-helper-unit.c:103:3: note: put_disk() here drops only the driver's reference, an opener keeps the disk
fire-remove-loop-helper-unit.c:45:3: note: the callback an opener still calls
 * check-output-end
 */
