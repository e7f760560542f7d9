<?php
// Symfony 5.4 validator + serializer (Debian's php-symfony-validator and php-symfony-serializer),
// stock: the serializer turns the JSON body into a DTO, the validator checks the DTO's constraints
// (PHP metadata, loadValidatorMetadata), and a failure is the serializer's own rendering of the
// violation list (ConstraintViolationListNormalizer: RFC 7807 problem+json with `violations`).
// Checks no built-in constraint makes are Callback constraints, as Symfony's docs write them.
// Run: php -S 127.0.0.1:PORT index.php
declare(strict_types=1);

require_once '/usr/share/php/Symfony/Component/Validator/autoload.php';
require_once '/usr/share/php/Symfony/Component/Serializer/autoload.php';
require_once '/usr/share/php/Symfony/Component/PropertyAccess/autoload.php';

use Symfony\Component\Serializer\Encoder\JsonEncoder;
use Symfony\Component\Serializer\Normalizer\ConstraintViolationListNormalizer;
use Symfony\Component\Serializer\Normalizer\ObjectNormalizer;
use Symfony\Component\Serializer\Serializer;
use Symfony\Component\Validator\Constraints as Assert;
use Symfony\Component\Validator\Context\ExecutionContextInterface;
use Symfony\Component\Validator\Mapping\ClassMetadata;
use Symfony\Component\Validator\Validation;

final class Signup
{
    private const TAKEN_USERNAMES = ['admin'];
    private const BLOCKED_USERNAMES = ['blocked'];

    public $username;
    public $email;
    public $password;
    public $age;

    public static function loadValidatorMetadata(ClassMetadata $metadata): void
    {
        $metadata->addPropertyConstraints('username', [new Assert\NotBlank(), new Assert\Length(['min' => 3, 'max' => 20])]);
        $metadata->addPropertyConstraints('email', [new Assert\NotBlank(), new Assert\Email(['mode' => 'html5'])]);
        $metadata->addPropertyConstraints('password', [new Assert\NotBlank(), new Assert\Length(['min' => 8])]);
        $metadata->addPropertyConstraints('age', [new Assert\Type('integer'), new Assert\Range(['min' => 13, 'max' => 120])]);
        $metadata->addConstraint(new Assert\Callback('validateAccount'));
    }

    public function validateAccount(ExecutionContextInterface $context): void
    {
        if (in_array($this->username, self::TAKEN_USERNAMES, true)) {
            $context->buildViolation('This username is already taken.')
                ->atPath('username')
                ->setCode('unique')
                ->addViolation();
        }
        if ($this->password !== null && $this->password === $this->username) {
            $context->buildViolation('The password must not equal the username.')
                ->setCode('password_matches_username')
                ->addViolation();
        }
        if (in_array($this->username, self::BLOCKED_USERNAMES, true)) {
            $context->buildViolation('Sign-ups from this account are closed.')->addViolation();
        }
    }
}

/** The receipt endpoint (issue 11): a list of line items, each checked on its own. */
final class Receipt
{
    private const KNOWN_SKUS = ['ABC-1', 'ABC-2', 'BULK-10'];

    public $lines;

    public static function loadValidatorMetadata(ClassMetadata $metadata): void
    {
        $metadata->addPropertyConstraints('lines', [
            new Assert\NotNull(),
            new Assert\Type('array'),
            new Assert\Count(['min' => 2]),
            new Assert\All([
                new Assert\Collection([
                    'sku' => [new Assert\NotBlank(), new Assert\Length(['max' => 20]),
                              new Assert\Choice(['choices' => self::KNOWN_SKUS, 'message' => 'Unknown SKU.'])],
                    'qty' => [new Assert\NotNull(), new Assert\Type('integer'), new Assert\Range(['min' => 1, 'max' => 100])],
                ]),
                new Assert\Callback([self::class, 'validateLine']),
            ]),
        ]);
    }

    /** A BULK- SKU's quantity is a multiple of ten: a violation on the line itself. */
    public static function validateLine($line, ExecutionContextInterface $context): void
    {
        if (is_array($line) && is_string($line['sku'] ?? null) && strncmp($line['sku'], 'BULK-', 5) === 0
            && is_int($line['qty'] ?? null) && $line['qty'] % 10 !== 0) {
            $context->buildViolation('Bulk SKUs ship in tens.')->setCode('bulk_in_tens')->addViolation();
        }
    }
}

$routes = ['/api/signup' => Signup::class, '/api/receipt' => Receipt::class];
$route = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !isset($routes[$route])) {
    http_response_code(404);
    header('Content-Type: application/problem+json');
    echo json_encode(['title' => 'Not Found', 'status' => 404]);
    return;
}

$serializer = new Serializer(
    [new ConstraintViolationListNormalizer(), new ObjectNormalizer()],
    [new JsonEncoder()]
);
$validator = Validation::createValidatorBuilder()->addMethodMapping('loadValidatorMetadata')->getValidator();

$signup = $serializer->deserialize(file_get_contents('php://input'), $routes[$route], 'json');
$violations = $validator->validate($signup);

if (count($violations) > 0) {
    http_response_code(422);
    header('Content-Type: application/problem+json');
    echo $serializer->serialize($violations, 'json');
    return;
}

// php -S serves each request in one process: the id comes from a counter file beside the app's
// temporary directory, so it still counts up.
$counter = sys_get_temp_dir() . '/formline-realservers-symfony-' . ($route === '/api/signup' ? '' : 'receipt-') . $_SERVER['SERVER_PORT'];
$id = (int) @file_get_contents($counter) + 1;
file_put_contents($counter, (string) $id);
http_response_code(201);
header('Content-Type: application/json');
echo json_encode(['id' => $id]);
