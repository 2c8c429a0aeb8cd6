import { X509Certificate } from "node:crypto"

/**
 * Why a PEM certificate cannot verify an identity provider's signatures at `at`, or
 * `undefined` when it can: it must parse as one X.509 certificate and be within its validity.
 */
export const certificateProblem = (pem: string, at: Date): string | undefined => {
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(pem)
  } catch {
    return "must be a PEM-encoded X.509 certificate"
  }
  if (new Date(certificate.validTo).getTime() <= at.getTime()) return `expired on ${certificate.validTo}`
  if (new Date(certificate.validFrom).getTime() > at.getTime()) return `is not valid before ${certificate.validFrom}`
  return undefined
}
