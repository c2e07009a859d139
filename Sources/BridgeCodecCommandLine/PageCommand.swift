import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec page`: prints a provider's HTML page.
enum PageCommand {
    static let help = """
        usage: bridgecodec page sovendus --order FILE [--timestamp UNIX] [--handler NAME]
                                         [--transport T] [--android-interface NAME] [--message-origins ORIGIN,...]

        Prints the Sovendus banner page: order and customer data embedded through the escaper,
        the \(BridgeProvider.Handler.sovendus.name) bridge (sovendus:integration URLs, ResizeObserver heights) and Sovendus'
        loader script. FILE is JSON:
          {"sessionId": …, "orderId": …, "currencyCode": …, "usedCouponCode": …,
           "trafficSourceNumber": INT, "trafficMediumNumber": INT, "netOrderValue": NUMBER,
           "customer": {"salutation", "firstName", "lastName", "email", "phone", "yearOfBirth": INT,
                        "dateOfBirth", "street", "streetNumber", "zipcode", "city", "country"}}   (customer optional)
        --timestamp defaults to the current time. --transport is how the page posts: webkit-object
        (default), webkit-string, android (to --android-interface, default \(androidInterface)), react-native or
        cordova. --message-origins forwards open-URL messages only from those frames
        (https://www.sovendus.com, or https://*.sovendus.com for subdomains).

        """

    /// The page's Android interface unless one is given: its bridge script's.
    private static let androidInterface = BridgeProvider.Script.sovendusBridge.defaultValue(of: "androidInterface") ?? ""

    static func run(_ arguments: [String], input: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(
                arguments, valueOptions: ["--order", "--timestamp", "--handler", "--message-origins", "--transport", "--android-interface"])
            let provider = BridgeProvider.sovendus.id
            guard list.positionals == [provider] else { throw ArgumentList.UsageError(message: "page supports one provider: \(provider)") }
            guard let path = list.options["--order"] else { throw ArgumentList.UsageError(message: "--order FILE is required") }
            let timestamp = try list.positiveInteger("--timestamp", default: Int(Date().timeIntervalSince1970))
            let transportName = list.options["--transport"] ?? ScriptTransport.webKitObject.rawValue
            guard let transport = ScriptTransport(rawValue: transportName) else {
                throw ArgumentList.UsageError(message: "unknown transport '\(transportName)'")
            }
            let data = try input.read(path, limit: JSONLimits.default.maxBytes)
            let order: SovendusOrder
            do {
                order = try StrictJSONDecoder().decode(SovendusOrder.self, from: data)
            } catch {
                return .rejected("\(path): \(error)")
            }
            do {
                return .success(
                    try SovendusBannerPage.html(
                        order: order, timestamp: timestamp, transport: transport,
                        handler: list.options["--handler"] ?? BridgeProvider.Handler.sovendus.name,
                        androidInterface: list.options["--android-interface"] ?? androidInterface,
                        messageOrigins: list.commaSeparatedIfGiven("--message-origins")))
            } catch let error as InvalidArgument {
                throw ArgumentList.UsageError(message: "--message-origins: \(error)")
            } catch {
                return .rejected("\(error)")
            }
        } catch {
            return .usageError(error, command: "page")
        }
    }
}
