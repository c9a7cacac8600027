// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-owner-release-no-put.c with the same layout: the
 * kobj_type is written by a macro in pmod-ktype.c, a file that is not
 * parsed, and its release -- found by the name the macro pastes --
 * puts the disk: dropping the kobject after the failed add_disk() is
 * the cleanup.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "pmod.h"

static void pmod_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pmod_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pmod_submit_bio,
};

void pmod_vol_release(struct kobject *kobj)
{
	struct pmod_vol *vol = container_of(kobj, struct pmod_vol, kobj);

	put_disk(vol->disk);
	kfree(vol);
}

static int pmod_vol_setup(struct pmod_vol *vol, sector_t sectors)
{
	vol->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(vol->disk))
		return -ENOMEM;
	vol->disk->fops = &pmod_fops;
	vol->disk->private_data = vol;
	snprintf(vol->disk->disk_name, DISK_NAME_LEN, "pmod%d", vol->id);
	set_capacity(vol->disk, sectors);
	return 0;
}

static int pmod_vol_start(int id)
{
	struct pmod_vol *vol;
	int err = -ENOMEM;

	vol = kzalloc(sizeof(*vol), GFP_KERNEL);
	if (!vol)
		return err;
	vol->id = id;
	kobject_init(&vol->kobj, &pmod_vol_ktype);
	if (pmod_vol_setup(vol, 4096))
		goto out_put;
	err = add_disk(vol->disk);
	if (err)
		goto out_put;
	return 0;

out_put:
	kobject_put(&vol->kobj);
	return err;
}

static int __init pmod_init(void)
{
	return pmod_vol_start(0);
}

module_init(pmod_init);
MODULE_LICENSE("GPL");

/*
 * check-name: a release found by its pasted name puts the disk
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 */
