// Uploaded images on the wire.
import { Type } from 'typebox';

export const UploadResponse = Type.Object({ url: Type.String(), contentType: Type.String(), size: Type.Integer() });
export const FileKeyParams = Type.Object({ key: Type.String({ pattern: '^[A-Za-z0-9_-]{10,64}$' }) });
