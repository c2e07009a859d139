import BridgeCodec

extension MerchantBackend {
    /// The problem types Swedbank Pay's own API defines, under `https://api.payex.com/psp/errordetail/`,
    /// which the Merchant Backend passes on.
    public enum SwedbankPayProblemType: String, Sendable, Hashable, CaseIterable {
        /// The resource does not exist.
        case notFound = "notfound"
        /// The request's input is invalid.
        case inputError = "inputerror"
        /// The credentials may not do this.
        case forbidden = "forbidden"
        /// Swedbank Pay failed.
        case systemError = "systemerror"
        /// The merchant's configuration at Swedbank Pay is wrong.
        case configurationError = "configurationerror"

        /// The problem type URL.
        public var typeURL: String { "https://api.payex.com/psp/errordetail/" + rawValue }

        /// Whose the problem is: the request's for the first three, Swedbank Pay's for the others.
        public var category: MerchantBackend.ProblemDetails.Category {
            switch self {
            case .notFound, .inputError, .forbidden: .client
            case .systemError, .configurationError: .server
            }
        }
    }
}

extension MerchantBackend.ProblemDetails {
    /// Where a problem falls, as the Swedbank Pay SDK sorts it.
    public enum Category: Sendable, Hashable {
        /// A 4xx status: the request was wrong.
        case client
        /// A 5xx status: the backend or Swedbank Pay failed.
        case server
        /// Any other status: not a problem the SDK expects.
        case unexpected
    }

    /// The category of this problem answered with `httpStatus`: the document's own `status`
    /// wins over the HTTP one, as in the SDK.
    public func category(httpStatus: Int) -> Category {
        switch status ?? httpStatus {
        case 400..<500: .client
        case 500..<600: .server
        default: .unexpected
        }
    }

    /// The Swedbank Pay problem this is, or nil for any other type.
    public var swedbankPayProblem: MerchantBackend.SwedbankPayProblemType? {
        MerchantBackend.SwedbankPayProblemType.allCases.first { $0.typeURL.utf8.elementsEqual(type.utf8) }
    }

    /// For ``MerchantBackend/ProblemType/badGateway``: the status the Swedbank Pay API answered with,
    /// when it answered with something the backend could not use; nil when it could not be reached.
    public var gatewayStatus: Int? {
        guard merchantBackendProblem == .badGateway, case .number(let number)? = extensions["gatewayStatus"] else { return nil }
        return number.exactInteger(Int.self)
    }

    /// For ``MerchantBackend/ProblemType/badGateway``: the body the Swedbank Pay API answered with.
    public var gatewayBody: String? {
        guard merchantBackendProblem == .badGateway, case .string(let body)? = extensions["body"] else { return nil }
        return body
    }
}
