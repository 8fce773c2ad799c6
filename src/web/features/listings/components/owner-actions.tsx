import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '#shared/errors.ts';
import type { ListingView } from '#shared/listings/api.ts';
import { listingSchemas } from '#shared/listings/schemas.ts';
import { type ListingFormValues, listingFormFromListing, listingUpdateInput } from '#shared/listings/view.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorCard } from '../../../components/error-card.tsx';
import { checkResolver, checkSchema } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TrashIcon } from '../../../components/icons.tsx';
import { PencilIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDeleteListing } from '../api/delete-listing.ts';
import { useUpdateListing } from '../api/update-listing.ts';
import { ListingFormFields } from './listing-form-fields.tsx';

const failure = (error: Error) => errorMessage(error.message);

/** The main fields of a listing, saved with PATCH; photos stay as they are. */
function EditForm({ listing, onDone }: { listing: ListingView; onDone: () => void }) {
  const t = useT();
  const update = useUpdateListing();
  const form = useSchemaForm({
    defaultValues: listingFormFromListing(listing),
    // What is sent is the changes as built; the schema only checks them.
    resolver: checkResolver(async (values: ListingFormValues) => {
      const changes = listingUpdateInput(values);
      const checked = await checkSchema(listingSchemas(values.currency).update, changes);
      return checked.ok ? { ok: true, value: changes } : checked;
    }),
    focusFirstError: false,
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-labelledby="edit-listing-title"
      className="flex flex-col gap-5"
      onSubmit={form.submit((changes) =>
        update.mutate(
          { id: listing.id, changes },
          {
            onSuccess: onDone,
            onError: (error) => console.warn('Update listing failed', error),
          },
        ),
      )}
    >
      <h2 id="edit-listing-title" className="font-bold text-xl">
        {t('listings.edit.title')}
      </h2>
      <ListingFormFields values={form.values} set={form.set} errors={form.errors} />
      {update.isError && <ErrorCard title={t('listings.edit.error')} message={failure(update.error)} />}
      <div className="flex gap-2">
        <button type="button" className={`${buttonStyles.secondary} flex-1`} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className={`${buttonStyles.primary} flex-1`}
          disabled={update.isPending}
          aria-busy={update.isPending}
        >
          {t(update.isPending ? 'listings.edit.saving' : 'listings.edit.save')}
        </button>
      </div>
    </form>
  );
}

/** What the creator of a listing sees: Edit, Close or Reopen, and Delete. */
export function OwnerActions({ listing }: { listing: ListingView }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateListing();
  const remove = useDeleteListing();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const closed = listing.status === 'closed';

  if (editing) {
    return (
      <section className={cardStyles}>
        <EditForm listing={listing} onDone={() => setEditing(false)} />
      </section>
    );
  }

  return (
    <section aria-labelledby="owner-title" className={`${cardStyles} space-y-3`}>
      <h2 id="owner-title" className="font-semibold text-lg">
        {t('listings.owner.title')}
      </h2>
      <p className={`text-sm ${mutedText}`}>
        {t(closed ? 'listings.owner.closedNote' : 'listings.owner.activeNote')}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => setEditing(true)}>
          <PencilIcon className="size-4" />
          {t('listings.owner.edit')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={update.isPending}
          aria-busy={update.isPending}
          onClick={() =>
            update.mutate(
              { id: listing.id, changes: { status: closed ? 'active' : 'closed' } },
              { onError: (error) => console.warn('Changing the listing status failed', error) },
            )
          }
        >
          {t(closed ? 'listings.owner.reopen' : 'listings.owner.close')}
        </button>
        <button
          type="button"
          className={`${buttonStyles.danger} col-span-2`}
          onClick={() => setConfirmDelete(true)}
        >
          <TrashIcon className="size-4" />
          {t('listings.owner.delete')}
        </button>
      </div>
      {update.isError && (
        <ErrorCard title={t('listings.owner.changeError')} message={failure(update.error)} />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('listings.delete.title')}
        confirmLabel={t('listings.delete.confirm')}
        busyLabel={t('listings.delete.busy')}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(listing.id, {
            onSuccess: () => {
              navigate('/roommates?tab=my');
              remove.forget(listing.id);
            },
            onError: (error) => {
              console.warn('Delete listing failed', error);
              setConfirmDelete(false);
            },
          })
        }
      >
        <p>{t('listings.delete.text')}</p>
      </ConfirmDialog>
      {remove.isError && <ErrorCard title={t('listings.delete.error')} message={failure(remove.error)} />}
    </section>
  );
}
