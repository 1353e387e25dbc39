import { z } from 'zod';
import { createSiteBody, designParameterErrors, designParametersSchema } from '@hiu/domain';

/**
 * What the Design Parameters form checks as it is edited: the API's own schemas for the property types and the
 * design parameters, and the rule book's checks of them (numbers, min at most max, each type's own values), each
 * message on the field it names (docs/product.md#design-parameters).
 */
export const designForm = z
  .object({
    availableBuildingTypes: createSiteBody.shape.availableBuildingTypes.unwrap(),
    designParameters: designParametersSchema,
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(designParameterErrors(value.designParameters)))
      ctx.addIssue({ code: 'custom', path: ['designParameters', ...path.split('.')], message });
  });
